import { Job, exponentialBackoff } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import mail from '@adonisjs/mail/services/main'
import type { MessageBodyTemplates, NodeMailerMessage } from '@adonisjs/mail/types'

export interface SendMailPayload {
  mailer: string
  mail: { message: NodeMailerMessage; views: MessageBodyTemplates }
  sendConfig?: unknown
}

/**
 * Sends a mail that `mail.sendLater()` queued (the messenger is set in
 * providers/queue_provider.ts). Stored before it runs, so a restart or a
 * mail server that is down for a while loses nothing: a failed send is
 * retried with exponential back-off, then kept as a failed job for a week.
 */
export default class SendMailJob extends Job<SendMailPayload> {
  static options: JobOptions = {
    name: 'SendMailJob',
    queue: 'mail',
    // 10 s doubling to an hour: about a day of attempts before giving up.
    retry: {
      maxRetries: 30,
      backoff: exponentialBackoff({ baseDelay: '10s', maxDelay: '1h', jitter: true }),
    },
  }

  async execute() {
    const { mailer, mail: compiled, sendConfig } = this.payload
    await mail.use(mailer as any).sendCompiled(compiled, sendConfig)
  }
}
