import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import { absoluteUrl } from '#mails/auth_mail_layout'
import { isTeamMember, accountBlockReason } from '#services/account_state'
import { dbInstant } from '#services/db/db_time'
import User from '#models/user'
import { alreadySent, emitWebhook } from '#services/webhooks/endpoints'
import { logged } from '#services/events'
import type PostPublished from '#events/post_published'
import type CommentCreated from '#events/comment_created'
import type MemberJoined from '#events/member_joined'
import type ReportCreated from '#events/report_created'

/**
 * Domain events → outgoing webhooks (issue 14). Only what a team member
 * could see goes out: published posts (team or public, never one waiting
 * for moderation or deleted), comments on them, team members (never an
 * e-mail address), and that a report was filed (its reason and what it is
 * about, never who filed it or their words). emitWebhook never throws.
 * Registered in start/events.ts.
 */
const iso = (value: unknown) => dbInstant(value)?.toISO() ?? null

function person(row: { id: number; username: string; full_name: string }) {
  return {
    id: String(row.id),
    username: row.username,
    fullName: row.full_name,
    url: absoluteUrl(router.urlBuilder.urlFor('profiles.show', { username: row.username })),
  }
}

/** A post a member may see (published, team or public, not deleted), with its author. */
async function visiblePost(postId: number) {
  return db
    .from('posts as p')
    .join('users as u', 'u.id', 'p.author_id')
    .where('p.id', postId)
    .where('p.status', 'published')
    .whereIn('p.audience', ['team', 'public'])
    .whereNull('p.deleted_at')
    .select(
      'p.id',
      'p.audience',
      'p.body_html',
      'p.body_text',
      'p.shared_post_id',
      'p.media_count',
      'p.published_at',
      'u.id as author_id',
      'u.username',
      'u.full_name'
    )
    .first()
}

const postUrl = (id: number) => absoluteUrl(router.urlBuilder.urlFor('posts.show', { id }))

function postCreated({ postId }: { postId: number }) {
  return emitWebhook('post.created', `post:${postId}`, async () => {
    const post = await visiblePost(postId)
    if (!post) return null
    return {
      post: {
        id: String(post.id),
        url: postUrl(post.id),
        audience: post.audience,
        bodyHtml: post.body_html,
        bodyText: post.body_text,
        sharedPostId: post.shared_post_id === null ? null : String(post.shared_post_id),
        mediaCount: Number(post.media_count),
        publishedAt: iso(post.published_at),
        author: person({ id: post.author_id, username: post.username, full_name: post.full_name }),
      },
    }
  })
}

function commentCreated({ commentId, postId }: { commentId: number; postId: number }) {
  return emitWebhook('comment.created', `comment:${commentId}`, async () => {
    const post = await visiblePost(postId)
    if (!post) return null
    const comment = await db
      .from('comments as c')
      .join('users as u', 'u.id', 'c.author_id')
      .where('c.id', commentId)
      .whereNull('c.deleted_at')
      .select(
        'c.id',
        'c.body',
        'c.media_count',
        'c.created_at',
        'u.id as author_id',
        'u.username',
        'u.full_name'
      )
      .first()
    if (!comment) return null
    return {
      comment: {
        id: String(comment.id),
        postId: String(post.id),
        postUrl: postUrl(post.id),
        body: comment.body,
        mediaCount: Number(comment.media_count),
        createdAt: iso(comment.created_at),
        author: person({
          id: comment.author_id,
          username: comment.username,
          full_name: comment.full_name,
        }),
      },
    }
  })
}

function memberJoined({ userId }: { userId: number }) {
  const subject = `user:${userId}`
  return emitWebhook('member.joined', subject, async () => {
    const user = await User.find(userId)
    if (!user || !isTeamMember(user) || accountBlockReason(user)) return null
    if (await alreadySent('member.joined', subject)) return null
    return {
      member: {
        ...person({ id: user.id, username: user.username, full_name: user.fullName }),
        role: user.role,
        joinedAt: new Date().toISOString(),
      },
    }
  })
}

function reportFiled({ reportId }: { reportId: number }) {
  return emitWebhook('report.filed', `report:${reportId}`, async () => {
    const report = await db
      .from('reports')
      .where('id', reportId)
      .select('id', 'subject_type', 'subject_id', 'reason', 'created_at')
      .first()
    if (!report) return null
    return {
      report: {
        id: String(report.id),
        subjectType: report.subject_type,
        subjectId: String(report.subject_id),
        reason: report.reason,
        createdAt: iso(report.created_at),
        url: absoluteUrl(
          router.urlBuilder.urlFor('admin.reports.show', {
            type: report.subject_type,
            id: report.subject_id,
          })
        ),
      },
    }
  })
}

/** Events → outgoing webhooks. */
export default class Webhooks {
  postPublished(event: PostPublished) {
    return logged('webhooks.postPublished', () => postCreated(event))
  }

  commentCreated(event: CommentCreated) {
    return logged('webhooks.commentCreated', () => commentCreated(event))
  }

  memberJoined(event: MemberJoined) {
    return logged('webhooks.memberJoined', () => memberJoined(event))
  }

  reportCreated(event: ReportCreated) {
    return logged('webhooks.reportCreated', () => reportFiled(event))
  }
}
