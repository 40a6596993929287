import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { MultipartFile } from '@adonisjs/core/bodyparser'
import type Post from '#models/post'
import { type PostAudience } from '#models/post'
import User from '#models/user'
import type Comment from '#models/comment'
import CreatePost from '#actions/posts/create_post'
import SharePost from '#actions/posts/share_post'
import CreateComment from '#actions/engagement/create_comment'
import TogglePostLike from '#actions/engagement/toggle_post_like'
import ToggleCommentLike from '#actions/engagement/toggle_comment_like'
import { recountUserPosts } from '#services/posts/publication'
import CreateAdminPost from '#actions/admin/posts/create_admin_post'
import { dbTime } from '#services/db/db_time'
import { recountUnread } from '#queries/notifications'
import { renderImage, renderPdf, type DemoImage } from '#database/seeders/demo_images'

/**
 * The demo team's feed (PRODUCT §5 "a lively demo team"): about three
 * weeks of posts by the demo people, team and public, with generated
 * pictures and a PDF sent through the real upload pipeline, mentions,
 * comments, likes on posts and comments, shares, one announcement by the
 * admin and one public post waiting for moderation.
 *
 * Everything goes through the app's own actions (CreatePost, SharePost,
 * CreateComment, the like toggles), so counters are exactly what the app
 * would have written; only the timestamps are moved back in time
 * afterwards. Deterministic (fixed script, seeded choices), and idempotent:
 * it writes nothing once any post exists.
 */

type Username = 'admin' | 'ana' | 'ben' | 'cara' | 'dan' | 'eli'

interface ScriptPost {
  by: Username
  /** Days and hours before now. */
  ago: [days: number, hours: number]
  audience?: PostAudience
  /** Composer HTML; `@{name}` becomes a mention of that person. */
  html: string
  images?: DemoImage[]
  pdf?: { name: string; title: string; lines: string[] }
  /** Public posts by members are approved as an admin would, unless `pending`. */
  pending?: boolean
  announcement?: boolean
  comments?: [Username, string][]
  /** People who like the post (default: chosen by the seeded generator). */
  likedBy?: Username[]
  shares?: [Username, string][]
}

const SCRIPT: ScriptPost[] = [
  {
    by: 'ana',
    ago: [21, 6],
    html: '<p>Kicking off the new <strong>design system</strong> 🎨 First sketches from the whiteboard, feedback welcome!</p>',
    images: [{ scene: 'notes', caption: 'Design system v0', colors: ['#f6d365', '#fda085'] }],
    comments: [
      ['cara', 'Love the colour tokens. Can we get a dark variant early?'],
      ['ben', 'Spacing scale looks sane. Ship it.'],
    ],
  },
  {
    by: 'ben',
    ago: [21, 2],
    html: '<p>Migrated staging to the new database cluster. Zero downtime 🎉</p>',
    comments: [['eli', 'Support didn’t notice a thing, which is the best compliment.']],
  },
  {
    by: 'cara',
    ago: [20, 5],
    audience: 'public',
    html: '<p>Hello from the Huddle team! 👋 We’re hiring a <em>frontend engineer</em>: come build with us.</p>',
    images: [{ scene: 'city', caption: 'We’re hiring', colors: ['#4b6cb7', '#182848'] }],
    comments: [['dan', 'Sharing this with my old team!']],
  },
  {
    by: 'dan',
    ago: [19, 8],
    html: '<p>Lunch run to the taco place at 12:30, who’s in? 🌮</p>',
    comments: [
      ['ana', 'Me!'],
      ['ben', 'Count me in'],
      ['eli', 'Save me a seat'],
    ],
  },
  {
    by: 'eli',
    ago: [19, 3],
    html: '<p>Support queue is at an all-time low this week. Thanks @{ben} for the quick fixes!</p>',
    comments: [['ben', 'Team effort 🙌']],
  },
  {
    by: 'admin',
    ago: [18, 7],
    html: '<p>Reminder: the office is closed on Monday for electrical maintenance. Work from home, and enjoy the quiet.</p>',
  },
  {
    by: 'ana',
    ago: [17, 9],
    html: '<p>Weekend hike photos ⛰️ The view at the top was worth every step.</p>',
    images: [
      { scene: 'sunset', caption: 'Golden hour', colors: ['#ff7e5f', '#feb47b'] },
      { scene: 'waves', caption: 'The lake', colors: ['#43cea2', '#185a9d'] },
      { scene: 'plant', caption: 'Tiny ferns', colors: ['#a8e063', '#56ab2f'], format: 'png' },
    ],
    comments: [
      ['dan', 'Wow, where is this?'],
      ['ana', 'Two hours north, I’ll share the trail!'],
      ['cara', 'Adding it to my list'],
    ],
    shares: [['dan', 'Weekend goals.']],
  },
  {
    by: 'ben',
    ago: [17, 4],
    html: '<p>Wrote up how our deploy pipeline works, from merge to production. Five minutes to read, saves an hour of questions.</p>',
    pdf: {
      name: 'deploy-pipeline.pdf',
      title: 'Deploy pipeline',
      lines: [
        '1. Merge to main: tests and type checks run.',
        '2. A build is made once and promoted, never rebuilt.',
        '3. Staging gets it first; smoke tests decide.',
        '4. Production rolls out node by node.',
      ],
    },
    comments: [['eli', 'Bookmarked. Thank you!']],
  },
  {
    by: 'cara',
    ago: [16, 6],
    html: '<p>Q3 numbers are in 📈 Sign-ups up <strong>38%</strong> month over month.</p>',
    images: [{ scene: 'chart', caption: 'Sign-ups, Q3', colors: ['#e0eafc', '#6a82fb'] }],
    comments: [
      ['admin', 'Fantastic work, everyone.'],
      ['ben', 'The onboarding changes paid off'],
    ],
    shares: [['eli', 'Great quarter!']],
  },
  {
    by: 'dan',
    ago: [15, 8],
    html: '<p>New espresso machine in the kitchen ☕ Be gentle with it.</p>',
    images: [{ scene: 'coffee', caption: 'Meet Bruno', colors: ['#c79081', '#dfa579'] }],
    comments: [
      ['ana', 'Finally!'],
      ['cara', 'Bruno 😂'],
    ],
  },
  {
    by: 'eli',
    ago: [15, 2],
    audience: 'public',
    html: '<p>Our public roadmap is live: https://example.com/roadmap. Tell us what to build next!</p>',
  },
  {
    by: 'ana',
    ago: [14, 5],
    html: '<p>Quick poll: dark mode by default? Reply below 👇</p>',
    comments: [
      ['ben', 'Yes, obviously'],
      ['dan', 'Follow the system setting'],
      ['eli', 'System setting +1'],
      ['cara', 'Dark, always'],
    ],
  },
  {
    by: 'ben',
    ago: [13, 7],
    html: '<p>Refactored the notification service: p95 latency down from 180 ms to 40 ms.</p><ul><li>batched writes</li><li>one index instead of three</li><li>no more N+1</li></ul>',
    images: [{ scene: 'bubbles', caption: 'p95: 40 ms', colors: ['#00c6ff', '#0072ff'] }],
    comments: [['cara', 'Big one. Nice!']],
    shares: [['ana', 'This is how you refactor.']],
  },
  {
    by: 'cara',
    ago: [12, 6],
    html: '<p>Pairing with @{dan} on the onboarding flow today. Expect questions 🙂</p>',
  },
  {
    by: 'admin',
    ago: [12, 3],
    audience: 'public',
    html: '<p>Welcome to everyone joining from our partner agencies! Public posts like this one are visible to you too.</p>',
    images: [{ scene: 'confetti', caption: 'Welcome, partners', colors: ['#8e2de2', '#4a00e0'] }],
    comments: [['eli', 'Welcome aboard!']],
  },
  {
    by: 'dan',
    ago: [11, 9],
    html: '<p>Team dinner last night 🍝 Thanks for organising, @{eli}!</p>',
    images: [
      { scene: 'city', caption: 'Downtown', colors: ['#614385', '#516395'] },
      { scene: 'sunset', caption: 'Walk back', colors: ['#ee9ca7', '#ffdde1'] },
    ],
    comments: [['eli', 'Same time next month?']],
  },
  {
    by: 'eli',
    ago: [10, 6],
    html: '<p>Customer shout-out: <em>“Huddle made our standups ten minutes shorter.”</em> ❤️</p>',
  },
  {
    by: 'ana',
    ago: [9, 8],
    html: '<p>Moodboard for the spring campaign. Thoughts?</p>',
    images: [
      { scene: 'notes', caption: 'Tone', colors: ['#fbc2eb', '#a6c1ee'] },
      { scene: 'chart', caption: 'Reach', colors: ['#e0c3fc', '#7f7fd5'] },
      { scene: 'plant', caption: 'Fresh', colors: ['#d4fc79', '#96e6a1'] },
      { scene: 'waves', caption: 'Calm', colors: ['#89f7fe', '#66a6ff'] },
      { scene: 'bubbles', caption: 'Playful', colors: ['#f093fb', '#f5576c'] },
    ],
    comments: [
      ['cara', '“Calm” is my favourite'],
      ['dan', 'Love the palette'],
    ],
  },
  {
    by: 'ben',
    ago: [9, 3],
    html: '<p>Post-mortem for Tuesday’s outage is in the shared drive. TL;DR: a missing index. Added it, plus a test so it cannot happen again.</p>',
  },
  {
    by: 'cara',
    ago: [8, 6],
    html: '<p>Office plant update: Gerald has a new leaf 🌱</p>',
    images: [{ scene: 'plant', caption: 'Gerald', colors: ['#fceabb', '#f8b500'] }],
    comments: [
      ['ana', 'Go Gerald!'],
      ['ben', 'Gerald deserves his own channel'],
    ],
  },
  {
    by: 'dan',
    ago: [7, 5],
    audience: 'public',
    html: '<p>We’ll be at the product meetup next Thursday: come say hi! 👋</p>',
  },
  {
    by: 'eli',
    ago: [6, 7],
    html: '<p>Help articles now have a “was this helpful?” button. 82% yes so far.</p>',
    comments: [['admin', 'Great signal, thanks Eli.']],
  },
  {
    by: 'ana',
    ago: [5, 9],
    html: '<p>Shipped the new avatar cropper 🎉 Thanks @{cara} and @{ben} for the reviews.</p>',
    comments: [['cara', 'Smooth as butter']],
  },
  {
    by: 'admin',
    ago: [5, 4],
    announcement: true,
    html: '<p>📣 <strong>All-hands this Friday at 15:00</strong> in the big room (and on video).</p><ol><li>Q3 results</li><li>Roadmap</li><li>Cake</li></ol>',
    images: [
      { scene: 'confetti', caption: 'All-hands · Friday 15:00', colors: ['#f7971e', '#ffd200'] },
    ],
    comments: [
      ['dan', 'Is the cake vegan? Asking for a friend.'],
      ['admin', 'Both kinds this time!'],
    ],
  },
  {
    by: 'ben',
    ago: [4, 6],
    html: '<p>Friday deploy freeze starts at noon. Have a great weekend!</p>',
  },
  {
    by: 'cara',
    ago: [3, 8],
    html: '<p>Sunset from the rooftop terrace 🌇</p>',
    images: [{ scene: 'sunset', caption: 'Rooftop', colors: ['#ff512f', '#dd2476'] }],
    comments: [['eli', 'Stunning']],
    shares: [['ben', '']],
  },
  {
    by: 'dan',
    ago: [3, 3],
    html: '<p>Anyone have a spare HDMI adapter? Meeting room 2 ate mine.</p>',
    comments: [['ben', 'Top drawer of my desk, take it']],
  },
  {
    by: 'eli',
    ago: [2, 7],
    html: '<p>Scouting locations for the team retreat 🌊</p>',
    images: [
      { scene: 'waves', caption: 'Option A: the coast', colors: ['#2193b0', '#6dd5ed'] },
      { scene: 'sunset', caption: 'Option B: the hills', colors: ['#f46b45', '#eea849'] },
    ],
    comments: [
      ['ana', 'Coast!'],
      ['dan', 'Hills, fewer seagulls'],
    ],
  },
  {
    by: 'ana',
    ago: [2, 2],
    html: '<p>Design critique at 14:00. Bring your half-finished work, that’s the point.</p>',
  },
  {
    by: 'ben',
    ago: [1, 7],
    html: '<p>Load test results: 5k requests per second on a single core 🚀</p>',
    images: [{ scene: 'chart', caption: 'Requests per second', colors: ['#e0eafc', '#2c3e50'] }],
    comments: [['cara', 'Wow. Just wow.']],
  },
  {
    by: 'cara',
    ago: [1, 3],
    html: '<p>Thanks everyone for the birthday wishes! 🎂</p>',
    comments: [
      ['dan', 'Happy birthday!'],
      ['eli', '🎉🎉'],
    ],
  },
  {
    by: 'dan',
    ago: [0, 6],
    html: '<p>Trying a new stand-up format next week: async updates here, a ten-minute call for blockers only.</p>',
    images: [{ scene: 'bubbles', caption: 'Async stand-ups', colors: ['#11998e', '#38ef7d'] }],
  },
  {
    by: 'eli',
    ago: [0, 4],
    audience: 'public',
    pending: true,
    html: '<p>Sneak peek of our new help centre, launching soon!</p>',
    images: [{ scene: 'city', caption: 'Help centre', colors: ['#3a1c71', '#d76d77'] }],
  },
  {
    by: 'ana',
    ago: [0, 1],
    html: '<p>Good morning team ☀️ Coffee’s fresh.</p>',
  },
]

/** A tiny deterministic generator (mulberry32). */
function generator(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PEOPLE: Username[] = ['admin', 'ana', 'ben', 'cara', 'dan', 'eli']

export interface DemoContentSummary {
  posts: number
  shares: number
  comments: number
  postLikes: number
  commentLikes: number
  files: number
}

/**
 * Writes the demo feed. Returns null (and writes nothing) when posts exist
 * already or the demo accounts are missing.
 */
export async function seedDemoContent(): Promise<DemoContentSummary | null> {
  const existing = await db.from('posts').count('* as total').first()
  if (Number(existing?.total ?? 0) > 0) return null
  const users = await User.query().whereIn(
    'email',
    PEOPLE.map((name) => `${name}@huddle.test`)
  )
  const people = new Map(users.map((user) => [user.username as Username, user]))
  if (PEOPLE.some((name) => !people.has(name))) return null
  const person = (name: Username) => people.get(name)!

  const random = generator(20261122)
  const now = DateTime.now().startOf('minute')
  const summary: DemoContentSummary = {
    posts: 0,
    shares: 0,
    comments: 0,
    postLikes: 0,
    commentLikes: 0,
    files: 0,
  }
  const folder = await mkdtemp(join(tmpdir(), 'huddle-demo-'))
  const timestamps: { table: string; id: number; at: DateTime; published?: boolean }[] = []
  const likeTimes: {
    table: 'post_likes' | 'comment_likes'
    key: string
    id: number
    userId: number
    at: DateTime
  }[] = []

  try {
    const ordered = [...SCRIPT].sort(
      (a, b) => b.ago[0] * 24 + b.ago[1] - (a.ago[0] * 24 + a.ago[1])
    )
    for (const [index, item] of ordered.entries()) {
      const author = person(item.by)
      const at = now.minus({ days: item.ago[0], hours: item.ago[1] })
      const files = await uploads(folder, index, item)
      summary.files += files.length
      const html = item.html.replace(/@\{(\w+)\}/g, (_, name: Username) => {
        const user = person(name)
        return `<span class="mention" data-id="${user.id}">@${user.username}</span>`
      })
      const post = item.announcement
        ? await new CreateAdminPost().handle(author, {
            body: html,
            audience: item.audience ?? 'team',
            files,
            announcement: true,
          })
        : await new CreatePost().handle({
            author,
            body: html,
            audience: item.audience ?? 'team',
            files,
          })
      if (post.status === 'pending' && !item.pending) await approve(post)
      summary.posts += 1
      timestamps.push({ table: 'posts', id: post.id, at, published: post.status === 'published' })
      if (post.status !== 'published') continue

      // Comments over the following hours, then likes on the post and some comments.
      const comments: Comment[] = []
      for (const [offset, [name, text]] of (item.comments ?? []).entries()) {
        const { comment } = await new CreateComment().handle(person(name), post, text)
        comments.push(comment)
        summary.comments += 1
        timestamps.push({
          table: 'comments',
          id: comment.id,
          at: at.plus({ minutes: 20 + offset * 37 }),
        })
      }
      const likers = item.likedBy ?? PEOPLE.filter((name) => name !== item.by && random() < 0.55)
      for (const [offset, name] of likers.entries()) {
        await new TogglePostLike().handle(person(name), post, true)
        summary.postLikes += 1
        likeTimes.push({
          table: 'post_likes',
          key: 'post_id',
          id: post.id,
          userId: person(name).id,
          at: at.plus({ minutes: 5 + offset * 23 }),
        })
      }
      for (const comment of comments) {
        for (const name of PEOPLE) {
          if (name === item.by || comment.authorId === person(name).id || random() > 0.3) continue
          await new ToggleCommentLike().handle(person(name), comment, true)
          summary.commentLikes += 1
          likeTimes.push({
            table: 'comment_likes',
            key: 'comment_id',
            id: comment.id,
            userId: person(name).id,
            at: at.plus({ hours: 2 }),
          })
        }
      }
      for (const [offset, [name, text]] of (item.shares ?? []).entries()) {
        const { share } = await new SharePost().handle({
          sharer: person(name),
          post,
          comment: text,
        })
        summary.shares += 1
        timestamps.push({
          table: 'posts',
          id: share.id,
          at: at.plus({ hours: 3 + offset }),
          published: share.status === 'published',
        })
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }

  await backdate(timestamps, likeTimes, now)
  return summary
}

/** The post's generated files as uploads, as the composer would send them. */
async function uploads(folder: string, index: number, item: ScriptPost) {
  const files: MultipartFile[] = []
  const add = async (name: string, contents: Buffer) => {
    const path = join(folder, `${index}-${files.length}-${name}`)
    await writeFile(path, contents)
    const file = new MultipartFile({ fieldName: 'files', clientName: name, headers: {} }, {})
    file.tmpPath = path
    file.size = contents.length
    file.state = 'consumed'
    files.push(file)
  }
  for (const image of item.images ?? []) {
    const ext = image.format === 'png' ? 'png' : 'jpg'
    const slug = image.caption
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
    await add(`${slug || 'photo'}.${ext}`, await renderImage(image))
  }
  if (item.pdf) await add(item.pdf.name, renderPdf(item.pdf.title, item.pdf.lines))
  return files
}

/** What the moderation queue does on approval: published now, counters recounted. */
async function approve(post: Post) {
  await db.transaction(async (trx) => {
    post.useTransaction(trx)
    post.status = 'published'
    post.publishedAt = DateTime.now()
    await post.save()
    await recountUserPosts(post.authorId, trx)
  })
}

/**
 * Moves the rows written "now" back to their place in the story (counters
 * are untouched). Notifications follow their subject's time so the bell
 * does not list three weeks of activity as "just now".
 */
async function backdate(
  rows: { table: string; id: number; at: DateTime; published?: boolean }[],
  likes: {
    table: 'post_likes' | 'comment_likes'
    key: string
    id: number
    userId: number
    at: DateTime
  }[],
  now: DateTime
) {
  await db.transaction(async (trx) => {
    for (const row of rows) {
      const at = row.at > now ? now : row.at
      const values: Record<string, string> = { created_at: dbTime(at), updated_at: dbTime(at) }
      if (row.published) values.published_at = dbTime(at)
      await trx.from(row.table).where('id', row.id).update(values)
      if (row.table === 'posts') {
        await trx
          .from('posts')
          .where('id', row.id)
          .whereNotNull('announced_at')
          .update({ announced_at: dbTime(at) })
      }
    }
    // The notifications these actions caused (issue 4), when that feature is installed.
    const notifications = await trx.schema.hasTable('notifications')
    for (const row of notifications ? rows.filter((item) => item.table === 'posts') : []) {
      const at = row.at.plus({ hours: 1 }) > now ? now : row.at.plus({ hours: 1 })
      await trx
        .from('notifications')
        .where('target_type', 'post')
        .where('target_id', row.id)
        .update({ created_at: dbTime(at) })
    }
    // What happened more than two days ago has been seen already, and the
    // bells count what is left (the stored count is not a trigger: marking
    // rows read by hand left it at every notification ever made).
    if (notifications) {
      await trx
        .from('notifications')
        .whereNull('read_at')
        .where('created_at', '<', dbTime(now.minus({ days: 2 })))
        .update({ read_at: dbTime(now.minus({ days: 2 })) })
      const recipients = await trx.from('notifications').distinct('user_id')
      await recountUnread(
        recipients.map((row) => Number(row.user_id)),
        trx
      )
    }
    for (const like of likes) {
      await trx
        .from(like.table)
        .where(like.key, like.id)
        .where('user_id', like.userId)
        .update({ created_at: dbTime(like.at > now ? now : like.at) })
    }
  })
}
