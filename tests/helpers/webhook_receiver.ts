import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { verifySignature } from '#services/webhooks/signature'

/**
 * A real HTTP receiver for outgoing webhooks on 127.0.0.1 (tests allow
 * private addresses: WEBHOOK_ALLOW_PRIVATE_ADDRESSES in .env.test). It
 * records every request with its raw body and checks the signature the way
 * a receiver must: HMAC-SHA256 over "<t>.<raw body>" with the endpoint's
 * secret (`secret`), in constant time, fresh timestamp. Answers `status()`.
 */
export interface ReceivedHook {
  path: string
  headers: IncomingHttpHeaders
  raw: string
  body: any
  signatureValid: boolean
}

export class WebhookReceiver {
  received: ReceivedHook[] = []
  /** What the next request is answered (called with the number of requests so far, from 1). */
  status: (count: number) => number = () => 200
  /** Never answer (timeouts). */
  hang = false
  secret = ''
  #server: Server | null = null
  url = ''

  async start() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        let body: unknown = null
        try {
          body = JSON.parse(raw)
        } catch {}
        this.received.push({
          path: request.url ?? '/',
          headers: request.headers,
          raw,
          body,
          signatureValid: verifySignature(
            this.secret,
            request.headers['huddle-signature'] as string | undefined,
            raw
          ),
        })
        if (this.hang) return
        response.statusCode = this.status(this.received.length)
        response.end('ok')
      })
    })
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve))
    const { port } = this.#server.address() as AddressInfo
    this.url = `http://127.0.0.1:${port}/hooks`
  }

  reset() {
    this.received.length = 0
    this.status = () => 200
    this.hang = false
    this.secret = ''
  }

  async stop() {
    this.#server?.closeAllConnections()
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve())
  }

  /** Waits until `count` requests arrived (the job may run after the response). */
  async waitFor(count: number, ms = 3000) {
    const until = Date.now() + ms
    while (this.received.length < count && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return this.received
  }
}
