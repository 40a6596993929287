import { Redirect } from '@adonisjs/core/http'

/**
 * `response.redirect().back()` decodes the Referer with decodeURI: a
 * same-host Referer holding a broken escape (`http://host/%`) threw
 * "URI malformed", a 500 after the action had run (issue 16 item 3). A
 * Referer that does not decode is treated like a missing one: back goes to
 * the fallback ("/" unless the caller gives another).
 */
export default class SafeRedirectProvider {
  async boot() {
    const previousUrl = Redirect.prototype.getPreviousUrl
    Redirect.prototype.getPreviousUrl = function (this: Redirect, fallback: string) {
      const url = previousUrl.call(this, fallback)
      try {
        decodeURI(url)
        return url
      } catch {
        return fallback
      }
    }
  }
}
