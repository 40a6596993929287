// B, the baseline of every ratio (BENCHMARKS.md §2.1): node:http answering
// {"hello":"world"} (17 bytes, explicit content-length).
import http from 'node:http'

const body = Buffer.from('{"hello":"world"}')
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
  res.end(body)
})
server.listen(Number(process.env.PORT ?? 3441), process.env.HOST ?? '127.0.0.1')
process.on('SIGTERM', () => server.close(() => process.exit(0)))
