import { readFileSync } from 'node:fs'
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const dt = {}; const byId = new Map(p.nodes.map(n => [n.id, n]))
for (let i = 0; i < p.samples.length; i++) dt[p.samples[i]] = (dt[p.samples[i]] ?? 0) + (p.timeDeltas[i] ?? 0)
const self = {}
for (const n of p.nodes) { const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*bench-build\//,'B/')}:${n.callFrame.lineNumber}`; self[k] = (self[k] ?? 0) + (dt[n.id] ?? 0) }
const total = Object.values(self).reduce((a, b) => a + b, 0)
console.log('total ms', (total/1000).toFixed(0))
for (const [k, v] of Object.entries(self).sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1000).toFixed(1).padStart(8), (100*v/total).toFixed(1).padStart(5)+'%', k)
// inclusive for selected
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const incl = {}
for (const n of p.nodes) { const t = dt[n.id] ?? 0; if (!t) continue; const seen = new Set(); let id = n.id; while (id !== undefined) { const m = byId.get(id); const k = `${m.callFrame.functionName || '(anon)'} ${m.callFrame.url.replace(/.*node_modules\//, '').replace(/.*bench-build\//,'B/')}:${m.callFrame.lineNumber}`; if (!seen.has(k)) { incl[k] = (incl[k] ?? 0) + t; seen.add(k) } id = parent.get(id) } }
console.log('--- inclusive')
for (const [k, v] of Object.entries(incl).sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log((v / 1000).toFixed(1).padStart(8), (100*v/total).toFixed(1).padStart(5)+'%', k)
