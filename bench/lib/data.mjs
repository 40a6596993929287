// The benchmark's data shape (BENCHMARKS.md §3.3), generated deterministically
// from a fixed seed so SQLite and PostgreSQL get exactly the same rows.
//
// 1,000 users (1 admin, user 2 = "heavy" liker, user 3 = the viewer with 50
// blocks), 100,000 posts (Zipf by author, 20% public, 2% pending, 2% shares,
// 5% with attachments), 1,000,000 likes (Zipf by post, unique per user),
// 300,000 comments (Zipf by post: a few posts get 2,000+).

export const SHAPE = {
  users: 1000,
  posts: 100_000,
  likes: 1_000_000,
  comments: 300_000,
  blocks: 50,
}

export const PASSWORD = 'bench-password-1'
export const ADMIN_ID = 1
export const HEAVY_ID = 2
export const BLOCKER_ID = 3
/** Ordinary viewers used by the load (members, no blocks). */
export const FIRST_VIEWER_ID = 10

function mulberry32(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Sampler over ranks 0..n-1 with P(r) ∝ 1/(r+1)^s (cumulative table + binary search). */
function zipf(n, s, random) {
  const cdf = new Float64Array(n)
  let total = 0
  for (let r = 0; r < n; r++) cdf[r] = total += 1 / Math.pow(r + 1, s)
  return () => {
    const x = random() * total
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cdf[mid] < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

function shuffled(n, random, offset = 1) {
  const a = Array.from({ length: n }, (_, i) => i + offset)
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

const SYLLABLES =
  'ka lo mi ne ru ta vo zi pe da su gri mon tel bar fin cor lun sep vak dro ple ish ard'.split(' ')

/** A vocabulary of pseudo-words, used with Zipf frequencies (realistic FTS term statistics). */
function vocabulary(size, random) {
  const words = new Set()
  while (words.size < size) {
    const n = 2 + Math.floor(random() * 3)
    let w = ''
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)]
    words.add(w)
  }
  return [...words]
}

const pad = (n) => String(n).padStart(2, '0')
/** Lucid's SQLite timestamp format ('yyyy-MM-dd HH:mm:ss', local time); PostgreSQL parses it too. */
export function dbTime(ms) {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/**
 * Generates every row. `passwordHash` is the scrypt hash of PASSWORD (the
 * same for every user: hashing 1,000 times would take a minute).
 * Returns { tables: [{ name, columns, rows }], facts } where facts name the
 * ids the scenarios use.
 */
export function generate(passwordHash, now = Date.UTC(2026, 10, 1)) {
  const random = mulberry32(20261122)
  const words = vocabulary(6000, random)
  const wordRank = zipf(words.length, 1.05, random)
  const text = (count) => {
    const out = []
    for (let i = 0; i < count; i++) out.push(words[wordRank()])
    return out.join(' ')
  }

  const YEAR = 365 * 24 * 3600 * 1000
  const start = now - YEAR

  // Users
  const users = []
  for (let id = 1; id <= SHAPE.users; id++) {
    const created = dbTime(start - 30 * 24 * 3600 * 1000 + id * 1000)
    users.push({
      id,
      full_name: id === ADMIN_ID ? 'Bench Admin' : `Bench User ${id}`,
      username: `bench${id}`,
      email: `bench${id}@bench.test`,
      password: passwordHash,
      role: id === ADMIN_ID ? 'admin' : 'member',
      approval_status: 'approved',
      is_active: true,
      bio: null,
      must_change_password: false,
      email_verified_at: created,
      created_at: created,
      updated_at: created,
      posts_count: 0,
      likes_given_count: 0,
      comments_count: 0,
    })
  }

  // Posts: Zipf by author (a random permutation decides who the prolific authors are)
  const authorByRank = shuffled(SHAPE.users, random)
  const authorRank = zipf(SHAPE.users, 1.0, random)
  const posts = []
  const sharedBy = new Set()
  for (let id = 1; id <= SHAPE.posts; id++) {
    const author = authorByRank[authorRank()]
    const created = dbTime(start + Math.floor((id / SHAPE.posts) * (YEAR - 3600_000)))
    const roll = random()
    let sharedPostId = null
    if (id > 1000 && roll < 0.02) {
      const original = 1 + Math.floor(random() * (id - 1))
      const key = `${author}:${original}`
      if (
        !sharedBy.has(key) &&
        posts[original - 1].shared_post_id === null &&
        posts[original - 1].author_id !== author
      ) {
        sharedBy.add(key)
        sharedPostId = original
      }
    }
    const body = sharedPostId ? text(6) : text(22 + Math.floor(random() * 16))
    const status = random() < 0.02 ? 'pending' : 'published'
    posts.push({
      id,
      author_id: author,
      body_html: `<p>${body}</p>`,
      body_text: body,
      audience: random() < 0.2 ? 'public' : 'team',
      status,
      shared_post_id: sharedPostId,
      likes_count: 0,
      comments_count: 0,
      shares_count: 0,
      media_count: 0,
      published_at: status === 'published' ? created : null,
      created_at: created,
      updated_at: created,
    })
    users[author - 1].posts_count++
    if (sharedPostId) posts[sharedPostId - 1].shares_count++
  }

  // Media: 5% of non-share posts have 1–4 images (rows only; the files are not needed for feeds)
  const media = []
  for (const post of posts) {
    if (post.shared_post_id !== null || random() >= 0.05) continue
    const n = 1 + Math.floor(random() * 4)
    post.media_count = n
    for (let position = 0; position < n; position++) {
      const key = `bench/${post.id}-${position}`
      media.push({
        id: media.length + 1,
        uploader_id: post.author_id,
        post_id: post.id,
        kind: 'image',
        mime: 'image/webp',
        size: 120_000,
        original_name: `photo-${position + 1}.jpg`,
        file_key: `${key}.webp`,
        display_key: `${key}-display.webp`,
        thumb_key: `${key}-thumb.webp`,
        width: 1600,
        height: 1200,
        position,
        created_at: post.created_at,
      })
    }
  }

  // Likes: Zipf by post (capped at every user once), unique (post, user)
  const postByRank = shuffled(SHAPE.posts, random)
  const weights = new Float64Array(SHAPE.posts)
  for (let r = 0; r < SHAPE.posts; r++) weights[r] = 1 / Math.pow(r + 1, 0.7)
  const counts = new Int32Array(SHAPE.posts)
  let remaining = SHAPE.likes
  let open = new Set(Array.from({ length: SHAPE.posts }, (_, r) => r))
  const cap = SHAPE.users - 1
  while (remaining > 0 && open.size > 0) {
    let total = 0
    for (const r of open) total += weights[r]
    let given = 0
    const next = new Set()
    for (const r of open) {
      const want = Math.max(1, Math.round((remaining * weights[r]) / total))
      const add = Math.min(want, cap - counts[r], remaining - given)
      if (add <= 0) continue
      counts[r] += add
      given += add
      if (counts[r] < cap) next.add(r)
      if (given >= remaining) break
    }
    remaining -= given
    open = next
    if (given === 0) break
  }
  const likes = []
  const userIds = Array.from({ length: SHAPE.users }, (_, i) => i + 1)
  for (let r = 0; r < SHAPE.posts; r++) {
    const postId = postByRank[r]
    const post = posts[postId - 1]
    const k = counts[r]
    // partial Fisher–Yates: k distinct users
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(random() * (SHAPE.users - i))
      ;[userIds[i], userIds[j]] = [userIds[j], userIds[i]]
      const userId = userIds[i]
      likes.push({ post_id: postId, user_id: userId, created_at: post.created_at })
      users[userId - 1].likes_given_count++
    }
    post.likes_count = k
  }

  // Comments: Zipf by post (another permutation)
  const commentRankToPost = shuffled(SHAPE.posts, random)
  const commentRank = zipf(SHAPE.posts, 1.0, random)
  const commentsPerPost = new Int32Array(SHAPE.posts + 1)
  const commentPostIds = new Int32Array(SHAPE.comments)
  for (let i = 0; i < SHAPE.comments; i++) {
    const postId = commentRankToPost[commentRank()]
    commentPostIds[i] = postId
    commentsPerPost[postId]++
  }
  commentPostIds.sort()
  const comments = []
  for (let i = 0; i < SHAPE.comments; i++) {
    const postId = commentPostIds[i]
    const post = posts[postId - 1]
    const author = 1 + Math.floor(random() * SHAPE.users)
    const body = text(5 + Math.floor(random() * 15))
    comments.push({
      id: i + 1,
      post_id: postId,
      author_id: author,
      body: `<p>${body}</p>`,
      likes_count: 0,
      created_at: post.created_at,
      updated_at: post.created_at,
    })
    users[author - 1].comments_count++
  }
  for (const post of posts) post.comments_count = commentsPerPost[post.id]

  // Blocks: the blocker viewer blocks the 50 most prolific authors (the
  // feed-filter trap: a large share of recent posts must be skipped).
  const blocks = []
  const blockedAuthors = authorByRank.filter((id) => id !== BLOCKER_ID).slice(0, SHAPE.blocks)
  for (const blocked of blockedAuthors) {
    blocks.push({ blocker_id: BLOCKER_ID, blocked_id: blocked, created_at: dbTime(now) })
  }

  // Facts for the scenarios
  // S2: a visible published team post with 2,000+ comments (the fewest above 2,000).
  let detailPost = null
  for (const post of posts) {
    if (post.status !== 'published' || post.shared_post_id !== null) continue
    const c = post.comments_count
    if (c >= 2000 && (!detailPost || c < detailPost.comments_count)) detailPost = post
  }
  const vocabByFrequency = words
  const facts = {
    detailPostId: detailPost?.id ?? null,
    detailPostComments: detailPost?.comments_count ?? 0,
    // Two mid-frequency terms (FTS has to intersect two posting lists).
    searchTerms: [vocabByFrequency[40], vocabByFrequency[120]],
    blockedAuthors: blockedAuthors.length,
    blockedPosts: posts.filter((p) => blockedAuthors.includes(p.author_id)).length,
    maxPostsId: SHAPE.posts,
  }

  const table = (name, rows) => ({ name, columns: Object.keys(rows[0]), rows })
  return {
    tables: [
      table('users', users),
      table('posts', posts),
      table('media', media),
      table('post_likes', likes),
      table('comments', comments),
      table('blocks', blocks),
    ],
    facts,
  }
}
