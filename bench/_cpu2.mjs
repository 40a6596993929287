import { readFileSync } from 'node:fs'
const [port, pid, path, n] = [process.argv[2], process.argv[3], process.argv[4], Number(process.argv[5] ?? 1000)]
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10 }
for (let i = 0; i < 100; i++) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer()
const c0 = cpu()
for (let i = 0; i < n; i++) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer()
console.log(path, 'CPU ms/req', ((cpu() - c0) / n).toFixed(3))
