import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { ROLES } from '#enums/role'
import { USERNAME_PATTERN } from '#validators/profile'

/** The admin people pages (Profile/UserEdit, Users/AdminForm, Profile/Photos). */
const messages = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} is required.',
    'string': 'The {{ field }} must be text.',
    'minLength': 'The {{ field }} must have at least {{ min }} characters.',
    'maxLength': 'The {{ field }} must not be longer than {{ max }} characters.',
    'email': 'Enter a valid e-mail address.',
    'enum': 'Choose one of the offered values.',
    'username.regex':
      'Usernames may only contain lower-case letters, digits, dots and underscores.',
    'username.database.unique': 'This username is already taken.',
    'email.database.unique': 'This e-mail address is already used by another account.',
    'role.enum': 'Choose member, external or admin.',
    'kind.enum': 'Choose avatar or cover.',
    'until.date': 'Enter the end date as YYYY-MM-DD.',
    'until.date.afterOrEqual': 'The end date must be today or later.',
  },
  {
    fullName: 'full name',
    username: 'username',
    email: 'e-mail address',
    role: 'role',
    reason: 'reason',
    until: 'end date',
  }
)

const username = () =>
  vine.string().trim().toLowerCase().minLength(3).maxLength(30).regex(USERNAME_PATTERN)
const email = () => vine.string().trim().toLowerCase().maxLength(254).email()

/** Name, username and e-mail of an account (unique except for the account itself). */
export const adminUpdateUserValidator = vine.withMetaData<{ userId: number }>().create({
  fullName: vine.string().trim().minLength(2).maxLength(100),
  username: username().unique(async (db, value, field) => {
    const row = await db.from('users').where('username', value).whereNot('id', field.meta.userId)
    return row.length === 0
  }),
  email: email().unique(async (db, value, field) => {
    const row = await db.from('users').where('email', value).whereNot('id', field.meta.userId)
    return row.length === 0
  }),
})
adminUpdateUserValidator.messagesProvider = messages

export const changeRoleValidator = vine.create({ role: vine.enum(ROLES) })
changeRoleValidator.messagesProvider = messages

/** A block: a reason (shown to the person at sign-in) and an optional end date. */
export const blockUserValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(500),
  until: vine
    .date({ formats: ['YYYY-MM-DD'] })
    .afterOrEqual('today')
    .nullable()
    .optional(),
})
blockUserValidator.messagesProvider = messages

/** A new administrator: name, username, e-mail (all unused). */
export const createAdminValidator = vine.create({
  fullName: vine.string().trim().minLength(2).maxLength(100),
  username: username().unique({ table: 'users', column: 'username' }),
  email: email().unique({ table: 'users', column: 'email' }),
})
createAdminValidator.messagesProvider = messages

/** Removing a profile image that breaks the rules: the reason goes to its owner. */
export const removeProfileImageValidator = vine.create({
  reason: vine.string().trim().minLength(3).maxLength(500),
})
removeProfileImageValidator.messagesProvider = messages
