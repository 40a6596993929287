// A minimal cookie-keeping HTTP client for the benchmark's set-up steps:
// sign a virtual user in once (GET /login for the CSRF cookie, POST /login),
// then reuse its cookies and XSRF token for the load.
import { gzipSync } from 'node:zlib'

export class Agent {
  constructor(base) {
    this.base = base
    this.cookies = new Map()
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  /** The XSRF token shield expects in X-XSRF-TOKEN (the cookie's decoded value). */
  get xsrf() {
    const raw = this.cookies.get('XSRF-TOKEN')
    return raw ? decodeURIComponent(raw) : ''
  }

  async request(path, { method = 'GET', headers = {}, body } = {}) {
    const all = { cookie: this.cookieHeader, ...headers }
    if (method !== 'GET' && method !== 'HEAD') all['x-xsrf-token'] = this.xsrf
    const res = await fetch(this.base + path, { method, headers: all, body, redirect: 'manual' })
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    const buffer = Buffer.from(await res.arrayBuffer())
    return {
      status: res.status,
      headers: res.headers,
      body: buffer,
      text: () => buffer.toString('utf8'),
    }
  }

  async login(uid, password) {
    await this.request('/login')
    const res = await this.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ uid, password }).toString(),
    })
    if (res.status !== 302 || /login/.test(res.headers.get('location') ?? '')) {
      throw new Error(`sign-in of ${uid} failed: ${res.status} → ${res.headers.get('location')}`)
    }
    return this
  }

  /**
   * A personal access token of the signed-in user (the profile's Tokens
   * form; the secret is shown once, on the next page), for the API
   * scenarios: `Authorization: Bearer <secret>`.
   */
  async createToken(name, scopes = ['read']) {
    const res = await this.request('/profile/tokens', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept': 'text/html' },
      body: JSON.stringify({ name, scopes }),
    })
    if (res.status !== 302) throw new Error(`token creation: HTTP ${res.status} ${res.text()}`)
    const page = await this.request('/profile/tokens')
    const match = /&quot;secret&quot;:&quot;([^&]+)&quot;|"secret":"([^"]+)"/.exec(page.text())
    if (!match) throw new Error('token creation: no secret on the tokens page')
    return match[1] ?? match[2]
  }
}

/** The Inertia asset version of the running app (from the HTML page object). */
export async function inertiaVersion(agent) {
  const res = await agent.request('/')
  const html = res.text()
  const match = /&quot;version&quot;:&quot;([^&]*)&quot;|"version":"([^"]*)"/.exec(html)
  if (!match) throw new Error(`no Inertia version in the page (status ${res.status})`)
  return match[1] ?? match[2]
}

export function sizes(buffer) {
  return { raw: buffer.length, gzip: gzipSync(buffer).length }
}
