import Database from 'better-sqlite3'
const db = new Database('tmp/bench-run.sqlite', { readonly: true })
const mk = (va) => {
  const V = (t) => `${t}.deleted_at IS NULL AND ${va(t)}
  AND (${t}.status = 'published' OR ${t}.author_id = @viewer) AND ${t}.audience IN ('team', 'public')
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = @viewer AND b.blocked_id = ${t}.author_id)
  AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = ${t}.author_id AND b.blocked_id = @viewer)`
  return `SELECT p.id FROM posts p JOIN users u ON u.id = p.author_id WHERE ${V('p')} AND p.status = 'published'
    AND (p.shared_post_id IS NULL OR EXISTS (SELECT 1 FROM posts o WHERE o.id = p.shared_post_id AND ${V('o')}))
  ORDER BY p.id DESC LIMIT 21`
}
const variants = {
  exists: (t) =>
    `EXISTS (SELECT 1 FROM users va WHERE va.id = ${t}.author_id AND va.is_active = 1 AND va.deleted_at IS NULL AND va.deletion_requested_at IS NULL)`,
  scalar: (t) =>
    `(SELECT va.is_active = 1 AND va.deleted_at IS NULL AND va.deletion_requested_at IS NULL FROM users va WHERE va.id = ${t}.author_id) = 1`,
  none: (t) => `1`,
}
for (const v of [10, 3])
  for (const [k, f] of Object.entries(variants)) {
    const s = mk(f)
    const st = db.prepare(s)
    for (let i = 0; i < 100; i++) st.all({ viewer: v })
    const t = performance.now()
    for (let i = 0; i < 1000; i++) st.all({ viewer: v })
    console.log(
      v,
      k,
      ((performance.now() - t) / 1000).toFixed(3),
      'ms',
      st.all({ viewer: v }).length
    )
  }
