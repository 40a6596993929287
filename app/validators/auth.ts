import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'

/*
|--------------------------------------------------------------------------
| Password policy (PRODUCT §2)
|--------------------------------------------------------------------------
| 8 to 128 characters with a lower-case letter, an upper-case letter, a digit
| and a symbol, and not easy to guess: zxcvbn (with the common-passwords
| dictionary and the user's own name, username and e-mail as extra words)
| must score at least 3 of 4. The client meter (inertia/components/auth/
| password_strength.tsx) uses the same library and threshold.
*/
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_MIN_SCORE = 3

let zxcvbn: ZxcvbnFactory | null = null

/**
 * zxcvbn only looks at the first 64 characters: beyond that a password that
 * passed the character-class rules is strong anyway, and the matchers get
 * slow on long inputs (a CPU cost an attacker could otherwise choose).
 */
function estimator() {
  zxcvbn ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs, maxLength: 64 })
  return zxcvbn
}

const WARNINGS: Record<string, string> = {
  straightRow: 'straight rows of keys are easy to guess',
  keyPattern: 'short keyboard patterns are easy to guess',
  simpleRepeat: 'repeated characters like "aaa" are easy to guess',
  extendedRepeat: 'repeated patterns like "abcabcabc" are easy to guess',
  sequences: 'common sequences like "abc" or "123" are easy to guess',
  recentYears: 'recent years are easy to guess',
  dates: 'dates are easy to guess',
  topTen: 'it is one of the most used passwords',
  topHundred: 'it is a very commonly used password',
  common: 'it is a commonly used password',
  similarToCommon: 'it is too similar to a commonly used password',
  wordByItself: 'single words are easy to guess',
  namesByThemselves: 'single names or surnames are easy to guess',
  commonNames: 'common names and surnames are easy to guess',
  userInputs: 'it contains your name, username or e-mail address',
}

/** Words a password must not lean on: the person's own details and the app's name. */
export function passwordUserInputs(values: {
  fullName?: unknown
  username?: unknown
  email?: unknown
}) {
  const words = ['huddle']
  if (typeof values.fullName === 'string') words.push(...values.fullName.toLowerCase().split(/\s+/))
  if (typeof values.username === 'string') words.push(values.username.toLowerCase())
  if (typeof values.email === 'string') {
    const [local, domain] = values.email.toLowerCase().split('@')
    words.push(local, ...(domain ?? '').split('.'))
  }
  return words.filter((w) => w.length >= 3)
}

export function estimatePassword(password: string, userInputs: string[] = []): ZxcvbnResult {
  return estimator().check(password, userInputs)
}

/** The character classes a password still lacks, in plain words. */
export function missingCharacterClasses(password: string) {
  const missing: string[] = []
  if (!/\p{Ll}/u.test(password)) missing.push('a lower-case letter')
  if (!/\p{Lu}/u.test(password)) missing.push('an upper-case letter')
  if (!/\p{Nd}/u.test(password)) missing.push('a digit')
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) missing.push('a symbol')
  return missing
}

function sentenceList(items: string[]) {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

const passwordComplexityRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    const missing = missingCharacterClasses(value)
    if (missing.length) {
      field.report(
        `The password must also contain ${sentenceList(missing)}.`,
        'password.complexity',
        field
      )
    }
  },
  { name: 'passwordComplexity' }
)

/**
 * Rejects common and easily guessed passwords. The user's details are read
 * from the sibling fields (registration) or from the validator's metadata
 * (`meta.userInputs`, when the account already exists).
 */
const passwordGuessabilityRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string' || !field.isValid) return
    const fromMeta = Array.isArray(field.meta?.userInputs)
      ? (field.meta.userInputs as string[])
      : []
    const inputs = [...passwordUserInputs(field.parent ?? {}), ...fromMeta]
    const result = estimatePassword(value, inputs)
    if (result.score < PASSWORD_MIN_SCORE) {
      const why = result.feedback.warning ? WARNINGS[result.feedback.warning] : null
      field.report(
        `This password is too easy to guess${why ? `: ${why}` : ''}. Try a longer phrase of unrelated words.`,
        'password.guessable',
        field
      )
    }
  },
  { name: 'passwordGuessability' }
)

/**
 * Refuses text with lone UTF-16 surrogates (broken input): some checks
 * (the e-mail format's encodeURI) would throw on it instead of failing.
 */
export const wellFormedText = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value === 'string' && !value.isWellFormed()) {
      field.report('The {{ field }} contains invalid characters.', 'wellFormed', field)
    }
  },
  { name: 'wellFormed' }
)

/** A new password: length, character classes, guessability, confirmation. */
function newPassword() {
  return vine
    .string()
    .use(wellFormedText())
    .minLength(PASSWORD_MIN_LENGTH)
    .maxLength(PASSWORD_MAX_LENGTH)
    .use(passwordComplexityRule())
    .use(passwordGuessabilityRule())
    .confirmed()
}

/** A password being checked (sign-in, confirmation): any string of sane length. */
const typedPassword = () => vine.string().maxLength(PASSWORD_MAX_LENGTH)

/** An e-mail address, trimmed and lower-cased (how users' addresses are stored). */
export const emailAddress = () =>
  vine.string().trim().toLowerCase().use(wellFormedText()).maxLength(254).email()

/*
|--------------------------------------------------------------------------
| Messages
|--------------------------------------------------------------------------
*/
const messages = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} is required.',
    'string': 'The {{ field }} must be text.',
    'email': 'Enter a valid e-mail address.',
    'minLength': 'The {{ field }} must have at least {{ min }} characters.',
    'maxLength': 'The {{ field }} must not be longer than {{ max }} characters.',
    'confirmed': 'The two passwords do not match.',
    'username.regex': 'Use only lower-case letters, digits, dots and underscores.',
    'database.unique': 'This {{ field }} is already taken.',
    'current_password.required': 'Enter your current password.',
    'password.notSameAs': 'The new password must be different from the current one.',
  },
  {
    fullName: 'full name',
    username: 'username',
    email: 'e-mail address',
    password: 'password',
    password_confirmation: 'password confirmation',
    current_password: 'current password',
    uid: 'e-mail or username',
    token: 'reset link',
  }
)

/*
|--------------------------------------------------------------------------
| Validators
|--------------------------------------------------------------------------
*/
export const loginValidator = vine.create(
  vine.object({
    uid: vine.string().trim().maxLength(254),
    password: vine.string().maxLength(200),
    remember: vine.boolean().optional(),
  })
)

/**
 * Registration. The e-mail is deliberately not checked for uniqueness here:
 * an address that already has an account gets the same reply as a new one
 * (SECURITY.md T7) and its owner is told by e-mail instead.
 *
 * Metadata: `teamOnly` (registration mode "team_domain" without an
 * invitation) with the team's `teamDomains`.
 */
export const registerValidator = vine
  .withMetaData<{ teamOnly: boolean; teamDomains: string[] }>()
  .create({
    fullName: vine.string().trim().use(wellFormedText()).minLength(2).maxLength(100),
    username: vine
      .string()
      .trim()
      .toLowerCase()
      .use(wellFormedText())
      .minLength(3)
      .maxLength(30)
      .regex(/^[a-z0-9._]+$/)
      .unique({ table: 'users', column: 'username' }),
    email: emailAddress().use(teamDomainRule()),
    password: newPassword(),
    invite: vine.string().trim().maxLength(200).optional(),
  })
registerValidator.messagesProvider = messages

function teamDomainRule() {
  return vine.createRule(
    (value: unknown, _options: undefined, field: FieldContext) => {
      if (typeof value !== 'string' || !field.isValid || !field.meta?.teamOnly) return
      const domains = (field.meta.teamDomains ?? []) as string[]
      const domain = value.split('@').pop() ?? ''
      if (!domains.some((d) => d.toLowerCase() === domain)) {
        const list = domains.map((d) => `@${d}`).join(', ')
        field.report(
          domains.length
            ? `Registration is limited to team addresses (${list}).`
            : 'Registration is limited to team e-mail addresses, and none is configured yet. Ask a team administrator.',
          'email.teamDomain',
          field
        )
      }
    },
    { name: 'teamDomain' }
  )()
}

export const resendVerificationValidator = vine.create(vine.object({}))

export const forgotPasswordValidator = vine.create({
  email: emailAddress(),
})
forgotPasswordValidator.messagesProvider = messages

/**
 * Metadata `userInputs`: the account's name, username and e-mail, so the new
 * password cannot lean on them.
 */
export const resetPasswordValidator = vine.withMetaData<{ userInputs: string[] }>().create({
  token: vine.string().trim().use(wellFormedText()).minLength(1).maxLength(200),
  email: emailAddress(),
  password: newPassword(),
})
resetPasswordValidator.messagesProvider = messages

export const confirmPasswordValidator = vine.create({
  password: typedPassword(),
})
confirmPasswordValidator.messagesProvider = messages

export const changePasswordValidator = vine.withMetaData<{ userInputs: string[] }>().create({
  current_password: typedPassword(),
  password: newPassword().notSameAs('current_password'),
})
changePasswordValidator.messagesProvider = messages
