import type { ApplicationService } from '@adonisjs/core/types'
import type { Worker } from '@adonisjs/queue'
import env from '#start/env'

/**
 * Wires the job queue into the app (config/queue.ts):
 *
 * - `mail.sendLater()` stores a SendMailJob instead of sending from memory,
 *   so a mail is not lost when the process stops before it is sent;
 * - in a web process, a worker processes the `default` and `mail` queues
 *   (QUEUE_WORKER=false leaves that to `npm run ace -- queue:work -q
 *   default,mail` processes), which also runs the recurring jobs of
 *   start/scheduler.ts.
 */
export default class QueueWorkerProvider {
  #worker: Worker | null = null

  constructor(protected app: ApplicationService) {}

  async boot() {
    const mail = await this.app.container.make('mail.manager')
    const { default: SendMailJob } = await import('#jobs/send_mail_job')
    mail.setMessenger((mailer) => ({
      async queue(compiled, sendConfig) {
        await SendMailJob.dispatch({ mailer: mailer.name, mail: compiled, sendConfig })
      },
    }))
  }

  /** Not in `warmup` mode (`ace codegen`): ready() only runs in a real server. */
  async ready() {
    if (this.app.getEnvironment() !== 'web') return
    const { queueDriver, QUEUES } = await import('#config/queue')
    if (queueDriver() === 'sync' || env.get('QUEUE_WORKER') === false) return

    const { Worker } = await import('@adonisjs/queue')
    const { resolvedQueueConfig } = await import('#services/job_queue')
    const { scheduleRecurringJobs } = await import('#start/scheduler')
    const logger = await this.app.container.make('logger')
    // A schedule that cannot be written (a database not migrated yet) must not
    // keep the server from starting; the next start declares it again.
    await scheduleRecurringJobs().catch((error) => {
      logger.error({ err: error }, 'could not declare the recurring jobs')
    })
    this.#worker = new Worker(await resolvedQueueConfig(this.app))
    this.#worker.start(QUEUES).catch((error) => {
      logger.error({ err: error }, 'the job queue worker stopped')
    })
  }

  async shutdown() {
    await this.#worker?.stop()
  }
}
