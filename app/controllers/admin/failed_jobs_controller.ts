import type { HttpContext } from '@adonisjs/core/http'
import { queueDriver } from '#config/queue'
import AdminSystemPolicy from '#policies/admin_system_policy'
import { E_NOT_FOUND } from '#exceptions/not_found_exception'
import {
  countFailedJobs,
  discardFailedJob,
  failedJobsPage,
  jobsAreListed,
  retryFailedJob,
  type FailedJobRecord,
} from '#queries/admin/failed_jobs'
import FailedJobTransformer from '#transformers/admin/failed_job_transformer'
import { audit } from '#services/audit'

/**
 * Jobs/Failed (issue 18 §1): the queue's failed jobs with their errors;
 * retry puts one back in its queue, discard deletes it. Both are recorded
 * in the audit log.
 */
export default class FailedJobsController {
  async index({ request, inertia, bouncer }: HttpContext) {
    await bouncer.with(AdminSystemPolicy).authorize('manageJobs')
    const page = await failedJobsPage(request.input('cursor'))
    return inertia.render('Jobs/Failed', {
      jobs: FailedJobTransformer.transform(page.jobs),
      total: await countFailedJobs(),
      driver: queueDriver(),
      listed: jobsAreListed(),
      cursor: page.cursor,
      nextCursor: page.nextCursor,
    })
  }

  async retry(ctx: HttpContext) {
    await ctx.bouncer.with(AdminSystemPolicy).authorize('manageJobs')
    const job = await retryFailedJob(ctx.params.queue, ctx.params.id)
    if (!job) throw new E_NOT_FOUND()
    await audit(ctx, 'job.retry', null, describe(job))
    ctx.session.flash('success', `${job.name} is back in the "${job.queue}" queue.`)
    return ctx.response.redirect().toRoute('admin.jobs.index')
  }

  async destroy(ctx: HttpContext) {
    await ctx.bouncer.with(AdminSystemPolicy).authorize('manageJobs')
    const job = await discardFailedJob(ctx.params.queue, ctx.params.id)
    if (!job) throw new E_NOT_FOUND()
    await audit(ctx, 'job.discard', null, describe(job))
    ctx.session.flash('success', `${job.name} was discarded.`)
    return ctx.response.redirect().toRoute('admin.jobs.index')
  }
}

function describe(job: FailedJobRecord) {
  return {
    job: job.name,
    queue: job.queue,
    id: job.id,
    ...(job.mail ? { subject: job.mail.subject } : {}),
    error: job.error?.slice(0, 200) ?? null,
  }
}
