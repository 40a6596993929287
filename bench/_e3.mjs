import Database from 'better-sqlite3'
const db = new Database('tmp/bench-run.sqlite', { readonly: true })
const sql =
  'select `posts`.*, `card_author`.`id` as `card_author__id`, `card_author`.`full_name` as `card_author__full_name`, `card_author`.`username` as `card_author__username`, `card_author`.`avatar_key` as `card_author__avatar_key`, EXISTS (SELECT 1 FROM post_likes AS cpl WHERE cpl.post_id = posts.id AND cpl.user_id = ?) AS card_viewer_liked, EXISTS (SELECT 1 FROM posts AS csp WHERE csp.author_id = ? AND csp.deleted_at IS NULL AND csp.shared_post_id = COALESCE(posts.shared_post_id, posts.id)) AS card_viewer_shared from `posts` inner join `users` as `card_author` on `card_author`.`id` = `posts`.`author_id` where `posts`.`deleted_at` is null and exists (select * from `users` as `va` where `va`.`id` = `posts`.`author_id` and `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null) and (`posts`.`status` = ? or `posts`.`author_id` = ?) and `posts`.`audience` in (?, ?) and not exists (select * from `blocks` as `vb` where `vb`.`blocker_id` = ? and `vb`.`blocked_id` = `posts`.`author_id`) and not exists (select * from `blocks` as `vb2` where `vb2`.`blocker_id` = `posts`.`author_id` and `vb2`.`blocked_id` = ?) and (`posts`.`shared_post_id` is null or exists (select * from `posts` as `vo` where `vo`.`id` = `posts`.`shared_post_id` and `vo`.`deleted_at` is null and exists (select * from `users` as `va` where `va`.`id` = `vo`.`author_id` and `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null) and (`vo`.`status` = ? or `vo`.`author_id` = ?) and `vo`.`audience` in (?, ?) and not exists (select * from `blocks` as `vb` where `vb`.`blocker_id` = ? and `vb`.`blocked_id` = `vo`.`author_id`) and not exists (select * from `blocks` as `vb2` where `vb2`.`blocker_id` = `vo`.`author_id` and `vb2`.`blocked_id` = ?))) and `posts`.`status` = ? and `posts`.`audience` in (?, ?) order by `posts`.`id` desc limit ?'
const v = Number(process.argv[2] ?? 10)
const b = [
  v,
  v,
  1,
  'published',
  v,
  'team',
  'public',
  v,
  v,
  1,
  'published',
  v,
  'team',
  'public',
  v,
  v,
  'published',
  'team',
  'public',
  21,
]
for (const r of db.prepare('EXPLAIN QUERY PLAN ' + sql).all(b))
  console.log(r.id, r.parent, r.detail)
const st = db.prepare(sql)
const t = performance.now()
for (let i = 0; i < 300; i++) st.all(b)
console.log(((performance.now() - t) / 300).toFixed(3), 'ms')
{ const t = performance.now(); for (let i = 0; i < 300; i++) db.prepare(sql); console.log('prepare', ((performance.now() - t) / 300).toFixed(3), 'ms') }
const va2 = sql.replaceAll("exists (select * from `users` as `va` where `va`.`id` = `posts`.`author_id` and `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null)", "(select `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null from `users` as `va` where `va`.`id` = `posts`.`author_id`) = 1")
  .replaceAll("exists (select * from `users` as `va` where `va`.`id` = `vo`.`author_id` and `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null)", "(select `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null from `users` as `va` where `va`.`id` = `vo`.`author_id`) = 1")
console.log(va2 !== sql)
{ const st = db.prepare(va2); const t = performance.now(); for (let i = 0; i < 300; i++) st.all(b); console.log('scalar va exec', ((performance.now() - t) / 300).toFixed(3), 'ms', st.all(b).length) }
{ const t = performance.now(); for (let i = 0; i < 300; i++) db.prepare(va2); console.log('scalar va prepare', ((performance.now() - t) / 300).toFixed(3), 'ms') }
