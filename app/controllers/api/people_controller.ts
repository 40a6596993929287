import type { HttpContext } from '@adonisjs/core/http'
import { accountVisibleTo, findByUsername, findProfile } from '#queries/people/profiles'
import BlockPerson from '#actions/people/block_person'
import { SELF_BLOCK_MESSAGE } from '#services/people/blocks'
import UnblockPerson from '#actions/people/unblock_person'
import CreateReport from '#actions/people/create_report'
import { DuplicateReport } from '#exceptions/duplicate_report'
import {
  checkReportSubject,
  duplicateReportMessage,
  REPORT_SENT_MESSAGE,
} from '#services/people/report_subject'
import { createReportValidator } from '#validators/people'
import ApiProfileTransformer from '#transformers/api/profile_transformer'
import { ApiProblem } from '#services/api/problem'
import { sendRead } from '#services/api/responses'

const NOT_FOUND = 'There is no such person, or you may not see them.'

/**
 * People through the public API, by the web app's rules: the profile
 * (findProfile: accounts the viewer may see; someone who blocked the
 * viewer is not found), blocking (BlocksController's: idempotent, never
 * oneself, an unknown or hidden account is a 404; unblocking someone whose
 * account went inactive stays possible) and reports (ReportsController's:
 * checkReportSubject, createReport with its daily limit and one report per
 * subject).
 */
export default class ApiPeopleController {
  async show(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const found = await findProfile(viewer, ctx.params.username)
    if (!found) throw new ApiProblem(404, NOT_FOUND)
    return sendRead(ctx, new ApiProfileTransformer(found.user, found.blockedByViewer).toObject())
  }

  async block(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const user = await findByUsername(ctx.params.username)
    if (!user || !accountVisibleTo(viewer, user)) throw new ApiProblem(404, NOT_FOUND)
    if (user.id === viewer.id) throw new ApiProblem(422, SELF_BLOCK_MESSAGE)
    await new BlockPerson().handle(viewer, user)
    return ctx.response.json({ blocked: true })
  }

  async unblock(ctx: HttpContext) {
    const viewer = ctx.auth.getUserOrFail()
    const user = await findByUsername(ctx.params.username)
    if (!user) throw new ApiProblem(404, NOT_FOUND)
    const removed = await new UnblockPerson().handle(viewer, user)
    if (!removed && user.id !== viewer.id && !accountVisibleTo(viewer, user)) {
      throw new ApiProblem(404, NOT_FOUND)
    }
    return ctx.response.json({ blocked: false })
  }

  async report(ctx: HttpContext) {
    const reporter = ctx.auth.getUserOrFail()
    const input = await ctx.request.validateUsing(createReportValidator)
    const check = await checkReportSubject(reporter, input)
    if (!check.ok) {
      if (check.status === 404) {
        throw new ApiProblem(404, 'There is no such post or person, or you may not see it.')
      }
      throw new ApiProblem(422, check.message)
    }
    try {
      const report = await new CreateReport().handle(reporter, input)
      ctx.response.status(201)
      return ctx.response.json({ id: String(report.id), message: REPORT_SENT_MESSAGE })
    } catch (error) {
      if (!(error instanceof DuplicateReport)) throw error
      throw new ApiProblem(409, duplicateReportMessage(input.type, check.what))
    }
  }
}
