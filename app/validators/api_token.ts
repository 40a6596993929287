import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { API_SCOPES } from '#services/api/scopes'

/** Lifetimes a token may be given, in days; absent or null: it never expires. */
export const TOKEN_LIFETIMES = [7, 30, 90, 365] as const

export const createTokenValidator = vine.create({
  name: vine.string().trim().minLength(1).maxLength(80),
  scopes: vine.array(vine.enum(API_SCOPES)).minLength(1).maxLength(API_SCOPES.length).distinct(),
  expiresInDays: vine
    .number()
    .in([...TOKEN_LIFETIMES])
    .nullable()
    .optional(),
})
createTokenValidator.messagesProvider = new SimpleMessagesProvider({
  'name.required': 'Give the token a name, e.g. the script that will use it.',
  'name.minLength': 'Give the token a name, e.g. the script that will use it.',
  'name.maxLength': 'The name must not be longer than {{ max }} characters.',
  'scopes.required': 'Choose at least one scope.',
  'scopes.array': 'Choose at least one scope.',
  'scopes.minLength': 'Choose at least one scope.',
  'scopes.maxLength': 'Choose each scope once.',
  'scopes.distinct': 'Choose each scope once.',
  'scopes.*.enum': 'A scope is read, write or admin.',
  'expiresInDays.number': 'Choose when the token expires.',
  'expiresInDays.in': 'Choose when the token expires.',
})
