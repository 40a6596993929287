import { readFileSync } from 'node:fs'
import { Agent, inertiaVersion } from './lib/http.mjs'
const port = process.argv[2], pid = process.argv[3], path = process.argv[4] ?? '/', user = process.argv[5] ?? '10', n = Number(process.argv[6] ?? 300)
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
const a = await new Agent(`http://127.0.0.1:${port}`).login(`bench${user}@bench.test`, 'bench-password-1')
const v = await inertiaVersion(a)
const h = { 'x-inertia': 'true', 'x-inertia-version': v }
for (let i = 0; i < 50; i++) await a.request(path, { headers: h })
const c0 = cpu(), t0 = performance.now()
for (let i = 0; i < n; i++) { const r = await a.request(path, { headers: h }); if (r.status !== 200) throw new Error(r.status) }
console.log(path, 'user', user, 'server CPU ms/req', ((cpu() - c0) / n).toFixed(3), 'wall ms/req', ((performance.now() - t0) / n).toFixed(2))
if (process.argv[7]) {
  await fetch(`http://127.0.0.1:${port}/__bench/profile/start`)
  for (let i = 0; i < n; i++) await a.request(path, { headers: h })
  console.log(await (await fetch(`http://127.0.0.1:${port}/__bench/profile/stop`)).text())
}
