import vine, { SimpleMessagesProvider } from '@vinejs/vine'

/*
 * The new-password rule (length, character classes, guessability) is the
 * registration one: the password change uses changePasswordValidator from
 * #validators/auth.
 */

/** Usernames: 3-30 of [a-z0-9._], stored lower-case. */
export const USERNAME_PATTERN = /^[a-z0-9._]+$/

const messages = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} is required.',
    'string': 'The {{ field }} must be text.',
    'minLength': 'The {{ field }} must have at least {{ min }} characters.',
    'maxLength': 'The {{ field }} must not be longer than {{ max }} characters.',
    'email': 'Enter a valid e-mail address.',
    'username.regex':
      'Usernames may only contain lower-case letters, digits, dots and underscores.',
    'username.database.unique': 'This username is already taken.',
    'email.database.unique': 'This e-mail address is already used by another account.',
    'current_password.required': 'Enter your current password.',
    'password.required': 'Enter your password.',
  },
  {
    fullName: 'full name',
    username: 'username',
    email: 'e-mail address',
    bio: 'bio',
    current_password: 'current password',
    password: 'password',
    reason: 'reason',
  }
)

/**
 * Profile information. Username and e-mail are unique except for the
 * account being edited (meta.userId).
 */
export const updateProfileValidator = vine.withMetaData<{ userId: number }>().create({
  fullName: vine.string().trim().minLength(2).maxLength(100),
  username: vine
    .string()
    .trim()
    .toLowerCase()
    .minLength(3)
    .maxLength(30)
    .regex(USERNAME_PATTERN)
    .unique(async (db, value, field) => {
      const row = await db
        .from('users')
        .where('username', value)
        .whereNot('id', field.meta.userId)
        .first()
      return !row
    }),
  email: vine
    .string()
    .trim()
    .toLowerCase()
    .maxLength(254)
    .email()
    .unique(async (db, value, field) => {
      const row = await db
        .from('users')
        .where('email', value)
        .whereNot('id', field.meta.userId)
        .first()
      return !row
    }),
  bio: vine.string().trim().maxLength(500).nullable().optional(),
})
updateProfileValidator.messagesProvider = messages

/** Sign out other devices: the current password only. */
export const currentPasswordValidator = vine.create({
  current_password: vine.string().maxLength(200),
})
currentPasswordValidator.messagesProvider = messages

export const deleteAccountValidator = vine.create({
  password: vine.string().maxLength(200),
  reason: vine.string().trim().maxLength(500).nullable().optional(),
})
deleteAccountValidator.messagesProvider = messages
