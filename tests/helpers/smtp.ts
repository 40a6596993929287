import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import type { AddressInfo } from 'node:net'

export interface ReceivedMail {
  from: string
  to: string[]
  /** The raw message (headers and body). */
  raw: string
  /** The user the client signed in as, if any. */
  user: string | null
}

/**
 * A real SMTP peer for the tests (the `smtp-server` package, on a free
 * loopback port): it signs clients in with `users` (user → password,
 * anything else gets "535 Authentication failed") and keeps what it
 * receives. `tls: 'none'` offers no STARTTLS; `tls: 'starttls'` offers it
 * with smtp-server's built-in self-signed certificate.
 */
export async function startSmtpServer({
  users = {},
  tls = 'none',
}: {
  users?: Record<string, string>
  tls?: 'none' | 'starttls'
} = {}) {
  const received: ReceivedMail[] = []
  const options: SMTPServerOptions = {
    secure: false,
    authOptional: Object.keys(users).length === 0,
    allowInsecureAuth: true,
    disabledCommands: tls === 'none' ? ['STARTTLS'] : [],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username && users[auth.username] === auth.password) {
        return callback(null, { user: auth.username })
      }
      const error = new Error('Authentication failed') as Error & { responseCode: number }
      error.responseCode = 535
      return callback(error)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: (session.user as string | undefined) ?? null,
        })
        callback()
      })
    },
  }
  const server = new SMTPServer(options)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const port = (server.server.address() as AddressInfo).port
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
