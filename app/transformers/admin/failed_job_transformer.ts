import { BaseTransformer } from '@adonisjs/core/transformers'
import type { FailedJobRecord } from '#queries/admin/failed_jobs'

/** The failed job's error is cut to this many characters (a stack trace can be long). */
const MAX_ERROR = 2_000

/**
 * A failed job of the queue (Jobs/Failed, `Data.Admin.FailedJob`): what it
 * was (its name; a mail's subject and recipients), its error, attempts and
 * when it failed. Never its payload: a mail's body holds sign-in links.
 */
export default class FailedJobTransformer extends BaseTransformer<FailedJobRecord> {
  toObject() {
    const job = this.resource
    return {
      id: job.id,
      queue: job.queue,
      name: job.name,
      attempts: job.attempts,
      error:
        job.error && job.error.length > MAX_ERROR ? `${job.error.slice(0, MAX_ERROR)}…` : job.error,
      failedAt: job.failedAt ? job.failedAt.toISOString() : null,
      mail: job.mail,
    }
  }
}
