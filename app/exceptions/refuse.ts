import { errors as vineErrors } from '@vinejs/vine'

/**
 * One refused field, reported like a validation error (422 with the
 * message for JSON callers, errors in the form for pages): for rules a
 * validator cannot check alone (a body too long once cleaned, an upload
 * quota, a replayed key). Throw what it returns.
 */
export function refuse(field: string, message: string, rule = 'invalid') {
  return new vineErrors.E_VALIDATION_ERROR([{ field, message, rule }])
}
