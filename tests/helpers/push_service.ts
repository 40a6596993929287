import { createServer, type Server } from 'node:https'
import type { IncomingHttpHeaders } from 'node:http'
import { execFileSync } from 'node:child_process'
import { createECDH, randomBytes, type ECDH } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { importJWK, jwtVerify, type JWTPayload } from 'jose'
// @ts-expect-error http_ece ships no types
import ece from 'http_ece'

/**
 * A real Web Push service for the test suite (RFC 8030), on 127.0.0.1 over
 * TLS (web-push only speaks https; a self-signed certificate made with
 * openssl, which the app is told to trust). Each request is checked as a
 * push service checks it — the VAPID JWT's ES256 signature against the
 * public key in `Authorization: vapid t=…, k=…` (jose), its audience and
 * expiry — and the body is DECRYPTED (aes128gcm, RFC 8291, http_ece) with
 * the private key and auth secret of the subscription the test made, as the
 * browser would. Answers `status()` (201 by default).
 */
export interface ReceivedPush {
  path: string
  headers: IncomingHttpHeaders
  vapid: { publicKey: string; claims: JWTPayload } | null
  vapidError: string | null
  /** The decrypted payload, parsed as JSON (null when it did not decrypt). */
  payload: any
  decryptError: string | null
}

export interface TestSubscription {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export class TestPushService {
  received: ReceivedPush[] = []
  /** What the next pushes are answered (a function of the path). */
  status: (path: string) => number = () => 201
  #server: Server | null = null
  #folder: string | null = null
  #browsers = new Map<string, { ecdh: ECDH; auth: Buffer }>()
  certificate = ''
  origin = ''

  async start() {
    this.#folder = mkdtempSync(join(tmpdir(), 'huddle-push-'))
    const key = join(this.#folder, 'key.pem')
    const cert = join(this.#folder, 'cert.pem')
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' }
    )
    this.certificate = readFileSync(cert, 'utf8')
    this.#server = createServer(
      { key: readFileSync(key), cert: this.certificate },
      (request, response) => {
        const chunks: Buffer[] = []
        request.on('data', (chunk) => chunks.push(chunk))
        request.on('end', async () => {
          const path = request.url ?? '/'
          this.received.push(await this.#check(path, request.headers, Buffer.concat(chunks)))
          response.statusCode = this.status(path)
          response.end()
        })
      }
    )
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    this.origin = `https://127.0.0.1:${(this.#server.address() as AddressInfo).port}`
  }

  async stop() {
    await new Promise<void>((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve()
    )
    this.#server?.closeAllConnections()
    if (this.#folder) rmSync(this.#folder, { recursive: true, force: true })
  }

  /** A new browser's subscription: an endpoint on this service and fresh keys. */
  subscription(): TestSubscription {
    const id = randomBytes(12).toString('hex')
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    this.#browsers.set(`/push/${id}`, { ecdh, auth })
    return {
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    }
  }

  pushesTo(subscription: TestSubscription) {
    const path = new URL(subscription.endpoint).pathname
    return this.received.filter((push) => push.path === path)
  }

  async #check(path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<ReceivedPush> {
    const result: ReceivedPush = {
      path,
      headers,
      vapid: null,
      vapidError: null,
      payload: null,
      decryptError: null,
    }
    try {
      const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '')
      if (!match) throw new Error(`no VAPID authorization: ${headers.authorization}`)
      const point = Buffer.from(match[2], 'base64url')
      if (point.length !== 65 || point[0] !== 4) throw new Error('k is not a P-256 point')
      const key = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        'ES256'
      )
      const { payload } = await jwtVerify(match[1], key, {
        algorithms: ['ES256'],
        audience: this.origin,
      })
      if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600)
        throw new Error('exp missing or more than 24 h ahead')
      if (!payload.sub) throw new Error('sub missing')
      result.vapid = { publicKey: match[2], claims: payload }
    } catch (error) {
      result.vapidError = String((error as Error).message)
    }
    try {
      const browser = this.#browsers.get(path)
      if (!browser) throw new Error(`unknown subscription ${path}`)
      if (headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm')
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: browser.ecdh,
        authSecret: browser.auth.toString('base64url'),
      }) as Buffer
      result.payload = JSON.parse(plain.toString('utf8'))
    } catch (error) {
      result.decryptError = String((error as Error).message)
    }
    return result
  }
}
