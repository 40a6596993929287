import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { SMTP_SECURITY } from '#services/mail_settings'

/*
 * Settings/AppSetting's upload limits and SMTP server, the test mail
 * (issue 19 §4). The upload limits' upper bounds are the server's hard
 * maximums, checked in the controller (they depend on MEDIA_MAX_FILE_MB).
 */

export const uploadLimitsValidator = vine.create({
  maxFileMb: vine.number().min(0.1).max(100_000),
  maxFilesPerPost: vine.number().withoutDecimals().min(1).max(1_000),
})
uploadLimitsValidator.messagesProvider = new SimpleMessagesProvider({
  'maxFileMb.required': 'Enter the largest file size, in MB.',
  'maxFileMb.number': 'The largest file size must be a number of MB.',
  'maxFileMb.min': 'The largest file size must be at least 0.1 MB.',
  'maxFileMb.max': 'The largest file size is too large.',
  'maxFilesPerPost.required': 'Enter how many files a post may have.',
  'maxFilesPerPost.number': 'The number of files per post must be a whole number.',
  'maxFilesPerPost.withoutDecimals': 'The number of files per post must be a whole number.',
  'maxFilesPerPost.min': 'A post must be allowed at least 1 file.',
  'maxFilesPerPost.max': 'The number of files per post is too large.',
})

/** A host name or an IP address: no scheme, path, spaces or user part. */
const HOST_PATTERN =
  /^(?=.{1,253}$)[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?$|^\[?[0-9a-fA-F:]+\]?$/

export const smtpSettingsValidator = vine.create({
  enabled: vine.boolean(),
  host: vine.string().trim().maxLength(253).regex(HOST_PATTERN).nullable().optional(),
  port: vine.number().withoutDecimals().min(1).max(65_535).nullable().optional(),
  username: vine.string().trim().maxLength(254).nullable().optional(),
  /** Empty: keep the stored password. */
  password: vine.string().maxLength(500).nullable().optional(),
  clearPassword: vine.boolean().optional(),
  security: vine.enum(SMTP_SECURITY),
})
smtpSettingsValidator.messagesProvider = new SimpleMessagesProvider({
  'enabled.required': 'Say whether mails go through an SMTP server.',
  'enabled.boolean': 'Say whether mails go through an SMTP server.',
  'host.regex':
    'Enter the SMTP server as a host name or IP address (like smtp.example.com), without "smtp://" or a port.',
  'host.maxLength': 'The SMTP server name is too long.',
  'port.number': 'The port must be a number between 1 and 65535.',
  'port.withoutDecimals': 'The port must be a number between 1 and 65535.',
  'port.min': 'The port must be a number between 1 and 65535.',
  'port.max': 'The port must be a number between 1 and 65535.',
  'username.maxLength': 'The user name can be at most 254 characters.',
  'password.maxLength': 'The password can be at most 500 characters.',
  'security.required': 'Choose how the connection is secured.',
  'security.enum': 'Choose how the connection is secured: TLS, STARTTLS or none.',
  'clearPassword.boolean': 'The "remove the password" choice must be yes or no.',
})

export const testMailValidator = vine.create({
  to: vine.string().trim().maxLength(254).email(),
})
testMailValidator.messagesProvider = new SimpleMessagesProvider({
  'to.required': 'Enter the address to send the test mail to.',
  'to.email': 'Enter a valid e-mail address to send the test mail to.',
  'to.maxLength': 'Enter a valid e-mail address to send the test mail to.',
})
