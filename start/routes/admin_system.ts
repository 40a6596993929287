import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { QUEUES } from '#config/queue'
import { JOB_ID_PATTERN } from '#queries/admin/failed_jobs'

const AuditLogController = () => import('#controllers/admin/audit_log_controller')
const FailedJobsController = () => import('#controllers/admin/failed_jobs_controller')
const SystemSettingsController = () => import('#controllers/admin/system_settings_controller')

/**
 * The back office's System part (issue 19 §4, part D): the audit log (read
 * only: no route edits or deletes an entry), the job queue's failed jobs,
 * and the settings forms for upload limits and the SMTP server. Admins
 * only: everyone else gets the 403 page; controllers authorize again.
 */
router
  .group(() => {
    router.get('/audit', [AuditLogController, 'index']).as('admin.audit.index')

    router.get('/jobs', [FailedJobsController, 'index']).as('admin.jobs.index')
    router
      .post('/jobs/:queue/:id/retry', [FailedJobsController, 'retry'])
      .as('admin.jobs.retry')
      .where('queue', { match: new RegExp(`^(${QUEUES.join('|')})$`) })
      .where('id', { match: JOB_ID_PATTERN })
    router
      .delete('/jobs/:queue/:id', [FailedJobsController, 'destroy'])
      .as('admin.jobs.destroy')
      .where('queue', { match: new RegExp(`^(${QUEUES.join('|')})$`) })
      .where('id', { match: JOB_ID_PATTERN })

    router
      .put('/settings/uploads', [SystemSettingsController, 'updateUploads'])
      .as('admin.settings.uploads.update')
    router
      .put('/settings/mail', [SystemSettingsController, 'updateMail'])
      .as('admin.settings.mail.update')
    router
      .post('/settings/mail/test', [SystemSettingsController, 'testMail'])
      .as('admin.settings.mail.test')
  })
  .prefix('/admin')
  .use([middleware.auth(), middleware.role({ roles: ['admin'] })])
