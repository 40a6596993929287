import Database from 'better-sqlite3'
import { readFileSync } from 'node:fs'
const db = new Database('tmp/bench-run.sqlite', { readonly: true })
const src = readFileSync('bench/_e3.mjs', 'utf8')
const sql = eval(src.slice(src.indexOf("const sql =") + 11, src.indexOf("const v =")))
const mk = (t) => "exists (select * from `users` as `va` where `va`.`id` = `" + t + "`.`author_id` and `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null)"
const mk2 = (t) => "(select case when `va`.`is_active` = ? and `va`.`deleted_at` is null and `va`.`deletion_requested_at` is null then 1 else 0 end from `users` as `va` where `va`.`id` = `" + t + "`.`author_id`) = 1"
const va2 = sql.replace(mk('posts'), mk2('posts')).replace(mk('vo'), mk2('vo'))
console.log(va2 !== sql)
for (const v of [10, 3]) {
const b = [v, v, 1, 'published', v, 'team','public', v, v, 1, 'published', v, 'team','public', v, v, 'published', 'team','public', 21]
const A = db.prepare(sql), B = db.prepare(va2)
const ta = [], tb = []
for (let k = 0; k < 6; k++) {
  let t = performance.now(); for (let i = 0; i < 200; i++) A.all(b); ta.push((performance.now() - t) / 200)
  t = performance.now(); for (let i = 0; i < 200; i++) B.all(b); tb.push((performance.now() - t) / 200)
}
console.log('viewer', v, 'exists', ta.map(x=>x.toFixed(2)).join(' '), '| scalar', tb.map(x=>x.toFixed(2)).join(' '), JSON.stringify(A.all(b).map(r=>r.id)) === JSON.stringify(B.all(b).map(r=>r.id)))
}
