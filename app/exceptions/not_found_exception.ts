import { Exception } from '@adonisjs/core/exceptions'

export class E_NOT_FOUND extends Exception {
  static status = 404
  static code = 'E_NOT_FOUND'
  static message = 'Page not found.'
}
