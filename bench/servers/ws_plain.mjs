// The realtime baseline (BENCHMARKS.md §2.4): a plain `ws` server that, on
// POST /trigger, serialises one Pusher-shaped event and sends it to every
// client. No protocol, no channels, no auth.
import http from 'node:http'
import { WebSocketServer } from 'ws'

const server = http.createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/trigger') {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const { name, channel, data } = JSON.parse(body)
      const frame = Buffer.from(JSON.stringify({ event: name, channel, data }))
      for (const ws of wss.clients) ws.send(frame, { binary: false, compress: false })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
    return
  }
  res.writeHead(404)
  res.end()
})
const wss = new WebSocketServer({ server, perMessageDeflate: false })
server.listen(Number(process.env.PORT ?? 3541), '127.0.0.1')
process.on('SIGTERM', () => process.exit(0))
