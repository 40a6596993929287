/**
 * A minimal browser for session tests: plain fetch() against the test
 * server, cookies kept and sent back verbatim, the XSRF-TOKEN cookie echoed
 * as the X-XSRF-TOKEN header (as Inertia's client does).
 *
 * Not the Japa API client: its session plugin swaps in its own session
 * cookie and destroys the session after every request, which is right for
 * single-request tests but would hide a server that fails to rotate or
 * revoke sessions.
 */
export interface SetCookie {
  name: string
  value: string
  attributes: string[]
}

export interface JarResponse {
  status: number
  location: string | null
  headers: Headers
  cookies: SetCookie[]
  body: string
}

export function parseSetCookies(headers: Headers): SetCookie[] {
  return headers.getSetCookie().map((header) => {
    const [pair, ...attributes] = header.split(';').map((part) => part.trim())
    const index = pair.indexOf('=')
    return { name: pair.slice(0, index), value: pair.slice(index + 1), attributes }
  })
}

export function testServerUrl(path: string) {
  return `http://${process.env.HOST ?? 'localhost'}:${process.env.PORT}${path}`
}

export class CookieJar {
  cookies = new Map<string, string>()
  /** Sent with every request (e.g. X-Forwarded-For to pick the client IP). */
  headers: Record<string, string> = {}

  /** A copy of this jar: a second browser holding the same (stolen) cookies. */
  clone() {
    const copy = new CookieJar()
    copy.cookies = new Map(this.cookies)
    copy.headers = { ...this.headers }
    return copy
  }

  get(name: string) {
    return this.cookies.get(name)
  }

  async request(method: string, path: string, form?: Record<string, string>): Promise<JarResponse> {
    const headers: Record<string, string> = { accept: 'text/html', ...this.headers }
    if (this.cookies.size) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    let body: string | undefined
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(form).toString()
    }
    const response = await fetch(testServerUrl(path), { method, headers, body, redirect: 'manual' })
    const cookies = parseSetCookies(response.headers)
    for (const cookie of cookies) {
      const expired = cookie.attributes.some(
        (attribute) => /^max-age=(0|-\d+)$/i.test(attribute) || /^expires=.*1970/i.test(attribute)
      )
      if (expired || cookie.value === '') this.cookies.delete(cookie.name)
      else this.cookies.set(cookie.name, cookie.value)
    }
    const location = response.headers.get('location')
    return {
      status: response.status,
      location: location ? new URL(location, testServerUrl('/')).pathname : null,
      headers: response.headers,
      cookies,
      body: await response.text(),
    }
  }

  visit(path: string) {
    return this.request('GET', path)
  }

  post(path: string, form: Record<string, string> = {}) {
    return this.request('POST', path, form)
  }

  put(path: string, form: Record<string, string> = {}) {
    return this.request('PUT', path, form)
  }

  /** Opens the sign-in page (session + XSRF cookies) and signs in. */
  async signIn(uid: string, password: string) {
    await this.visit('/login')
    return this.post('/login', { uid, password })
  }
}
