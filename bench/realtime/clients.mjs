// Realtime load client (one process, pinned to the load core): opens N
// websockets to a Pusher-protocol server (raw `ws`, pusher:subscribe to a
// private channel signed with the app secret) or to the plain `ws` baseline,
// publishes events through the server's HTTP API (signed like the pusher
// SDK) and measures, per recipient, the time from the publish call to the
// parsed event (data field included). Prints one JSON line.
//
// node bench/realtime/clients.mjs '<json options>'
//   { mode: 'pusher'|'plain', ws, http, n, messages, idleSeconds, pid,
//     appId, key, secret, channel }
import { createHash, createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import WebSocket from 'ws'

const o = JSON.parse(process.argv[2])
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function rssKb(pid) {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(m[1])
}
function cpuMs(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(f[11]) + Number(f[12])) * 10
}

/** Signed Pusher HTTP API request (https://pusher.com/docs/channels/library_auth_reference/rest-api/). */
async function publishPusher(name, data) {
  const body = JSON.stringify({ name, channels: [o.channel], data: JSON.stringify(data) })
  const path = `/apps/${o.appId}/events`
  const params = {
    auth_key: o.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  }
  const query = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
  const signature = createHmac('sha256', o.secret).update(`POST\n${path}\n${query}`).digest('hex')
  const res = await fetch(`${o.http}${path}?${query}&auth_signature=${signature}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  if (res.status !== 200) throw new Error(`events API answered ${res.status}: ${await res.text()}`)
}
async function publishPlain(name, data) {
  const res = await fetch(`${o.http}/trigger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, channel: o.channel, data: JSON.stringify(data) }),
  })
  if (res.status !== 200) throw new Error(`trigger answered ${res.status}`)
}
const publish = o.mode === 'pusher' ? publishPusher : publishPlain

// -------------------------------------------------------------- sockets
const EVENT = 'App\\Events\\MessageSent'
let pending = null // { seq, t0, latencies[], left, resolve }
let closes = 0
let received = 0

function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(o.ws, { perMessageDeflate: false })
    let done = false
    const fail = (e) => {
      if (!done) {
        done = true
        reject(e)
      }
    }
    ws.on('error', fail)
    ws.on('close', () => {
      if (done) closes++
      else fail(new Error('closed before subscribing'))
    })
    if (o.mode === 'plain') {
      ws.on('open', () => {
        done = true
        resolve(ws)
      })
    }
    ws.on('message', (raw) => {
      const now = performance.now()
      const msg = JSON.parse(raw.toString())
      if (msg.event === EVENT) {
        const data = JSON.parse(msg.data)
        received++
        if (pending && data.seq === pending.seq) {
          pending.latencies.push(now - pending.t0)
          if (--pending.left === 0) pending.resolve()
        }
        return
      }
      if (msg.event === 'pusher:connection_established') {
        const socketId = JSON.parse(msg.data).socket_id
        const sig = createHmac('sha256', o.secret).update(`${socketId}:${o.channel}`).digest('hex')
        ws.send(
          JSON.stringify({
            event: 'pusher:subscribe',
            data: { channel: o.channel, auth: `${o.key}:${sig}` },
          })
        )
      } else if (msg.event === 'pusher_internal:subscription_succeeded') {
        done = true
        resolve(ws)
      } else if (msg.event === 'pusher:subscription_error' || msg.event === 'pusher:error') {
        fail(new Error(`subscription refused: ${msg.data}`))
      } else if (msg.event === 'pusher:ping') {
        ws.send(JSON.stringify({ event: 'pusher:pong', data: {} }))
      }
    })
  })
}

function payload(seq) {
  // About the 325-byte event of BENCHMARKS.md §2.4 once wrapped.
  return {
    seq,
    message: {
      id: 1000 + seq,
      conversationId: 1,
      body: 'Benchmark message with a little text in it.',
      createdAt: new Date().toISOString(),
    },
    sender: { id: 7, name: 'Bench User', username: 'bench7' },
  }
}

async function deliver(seq, timeoutMs) {
  const p = new Promise((resolve) => {
    pending = { seq, t0: performance.now(), latencies: [], left: sockets.length, resolve }
  })
  const t0 = performance.now()
  pending.t0 = t0
  await publish(EVENT, payload(seq))
  const timer = sleep(timeoutMs).then(() => 'timeout')
  await Promise.race([p, timer])
  const out = pending
  pending = null
  return { latencies: out.latencies, missing: sockets.length - out.latencies.length }
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null
function summary(lat) {
  const s = [...lat].sort((a, b) => a - b)
  return {
    p50: pct(s, 50),
    p95: pct(s, 95),
    p99: pct(s, 99),
    max: s[s.length - 1] ?? null,
    count: s.length,
  }
}

// -------------------------------------------------------------- run
const sockets = []
const rss0 = rssKb(o.pid)
const tc = performance.now()
for (let i = 0; i < o.n; i += 200) {
  const batch = Math.min(200, o.n - i)
  sockets.push(...(await Promise.all(Array.from({ length: batch }, open))))
}
const connectMs = performance.now() - tc
// bench/soak.mjs starts its load once every socket is open.
process.stdout.write(`REALTIME_CONNECTED ${o.n}\n`)
await sleep(1500)
const rss1 = rssKb(o.pid)
const result = {
  mode: o.mode,
  n: o.n,
  connectMs,
  rssBeforeKb: rss0,
  rssAfterKb: rss1,
  kbPerConnection: (rss1 - rss0) / o.n,
}

// warm-up message, then the measured ones
await deliver(0, 10_000)
const all = []
const perMessage = []
let missing = 0
for (let m = 1; m <= o.messages; m++) {
  const r = await deliver(m, 10_000)
  all.push(...r.latencies)
  perMessage.push(summary(r.latencies))
  missing += r.missing
  await sleep(300)
}
result.delivery = summary(all)
result.lastRecipientMs = perMessage.map((x) => x.max)
result.missing = missing

if (o.idleSeconds > 0) {
  const idleLat = []
  let idleMissing = 0
  const cpu0 = cpuMs(o.pid)
  const t0 = performance.now()
  const closes0 = closes
  let seq = 1000
  while (performance.now() - t0 < o.idleSeconds * 1000) {
    const tick = performance.now()
    const r = await deliver(++seq, 900)
    idleLat.push(...r.latencies)
    idleMissing += r.missing
    const wait = 1000 - (performance.now() - tick)
    if (wait > 0) await sleep(wait)
  }
  const elapsed = performance.now() - t0
  result.idle = {
    seconds: elapsed / 1000,
    broadcasts: seq - 1000,
    cpuPercent: ((cpuMs(o.pid) - cpu0) / elapsed) * 100,
    disconnects: closes - closes0,
    delivery: summary(idleLat),
    missing: idleMissing,
    rssEndKb: rssKb(o.pid),
  }
}
result.disconnects = closes
for (const ws of sockets) ws.terminate()
process.stdout.write(`REALTIME_JSON ${JSON.stringify(result)}\n`)
process.exit(0)
