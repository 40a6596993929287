import { Exception } from '@adonisjs/core/exceptions'

export class E_FORBIDDEN extends Exception {
  static status = 403
  static code = 'E_FORBIDDEN'
  static message = 'You are not allowed to do this.'
}
