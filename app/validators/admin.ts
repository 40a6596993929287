import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { REGISTRATION_MODES } from '#enums/role'
import { MODERATION_POLICIES } from '#services/settings'

export const MAX_TEAM_DOMAINS = 20

/**
 * A DNS name with at least two labels (example.com, mail.example.co.uk,
 * xn--bcher-kva.example). No scheme, port, path or wildcard.
 */
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/

/**
 * Splits the textarea input (one domain per line, or separated by commas,
 * semicolons or spaces) into lower-cased, de-duplicated domains. A leading
 * "@" is dropped, since people often type "@example.com".
 */
export function parseDomainList(input: string): string[] {
  if (!input) return []
  const domains = input
    .split(/[\s,;]+/)
    .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
    .filter((d) => d.length > 0)
  return [...new Set(domains)]
}

const domainList = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const domains = parseDomainList(value)
  const invalid = domains.filter((d) => !DOMAIN_PATTERN.test(d))
  if (invalid.length > 0) {
    const shown = invalid
      .slice(0, 3)
      .map((d) => `"${d}"`)
      .join(', ')
    field.report(
      invalid.length === 1
        ? `${shown} is not a valid domain name (expected something like example.com).`
        : `These are not valid domain names: ${shown}${invalid.length > 3 ? '…' : ''}.`,
      'domainList',
      field
    )
    return
  }
  if (domains.length > MAX_TEAM_DOMAINS) {
    field.report(
      `Enter at most ${MAX_TEAM_DOMAINS} domains (you entered ${domains.length}).`,
      'domainList',
      field
    )
  }
})

const messages = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} is required.',
    'string': 'The {{ field }} must be text.',
    'minLength': 'The {{ field }} is required.',
    'maxLength': 'The {{ field }} must not be longer than {{ max }} characters.',
    'email': 'Enter a valid e-mail address.',
    'boolean': 'The {{ field }} must be on or off.',
    'enum': 'Choose one of the offered registration modes.',
    'moderationPolicy.enum': 'Choose one of the offered moderation policies.',
  },
  {
    teamName: 'team name',
    teamAbbreviation: 'team abbreviation',
    teamDomains: 'list of team e-mail domains',
    registrationMode: 'registration mode',
    moderationPolicy: 'moderation policy',
    announcementsUnmutable: '"announcements cannot be muted" setting',
    weeklyDigest: 'weekly digest setting',
    email: 'e-mail address',
    reason: 'reason',
  }
)

export const updateSettingsValidator = vine.create({
  teamName: vine.string().trim().minLength(1).maxLength(80),
  teamAbbreviation: vine.string().trim().minLength(1).maxLength(12),
  teamDomains: vine
    .string()
    .maxLength(10_000)
    .use(domainList())
    // An empty textarea arrives as null (convertEmptyStringsToNull): no domains.
    .transform((value: string | null) => parseDomainList(value ?? ''))
    .nullable()
    .optional(),
  registrationMode: vine.enum(REGISTRATION_MODES),
  // Absent: unchanged (older forms and API callers).
  moderationPolicy: vine.enum(MODERATION_POLICIES).optional(),
  // Notifications (issue 15): absent, unchanged.
  announcementsUnmutable: vine.boolean().optional(),
  weeklyDigest: vine.boolean().optional(),
})
updateSettingsValidator.messagesProvider = messages

export const createInvitationValidator = vine.create({
  email: vine.string().trim().toLowerCase().maxLength(254).email(),
})
createInvitationValidator.messagesProvider = messages

export const rejectExternalValidator = vine.create({
  reason: vine.string().trim().maxLength(500).nullable().optional(),
})
rejectExternalValidator.messagesProvider = messages
