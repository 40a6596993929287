import type { IncomingMessage } from 'node:http'
import { test } from '@japa/runner'
import config from '#config/realtime'
import { clientAddress, CLOSE } from '#services/realtime/hub'
import { realtime } from '#services/realtime/main'
import { RawSocket, sleep, testServer } from './_support.js'

/**
 * Issue 16 item 8: one client address may hold at most
 * maxConnectionsPerIp open websockets (REVERB_MAX_CONNECTIONS_PER_IP,
 * default 200); beyond it the socket is closed with 4100 (over capacity,
 * pusher-js backs off and retries). Closing one frees its place.
 */
test.group('Realtime / per-IP connection cap', (group) => {
  const sockets: RawSocket[] = []
  group.each.setup(() => {
    const cap = config.maxConnectionsPerIp
    config.maxConnectionsPerIp = 3
    return () => {
      config.maxConnectionsPerIp = cap
      for (const socket of sockets.splice(0)) socket.close()
    }
  })
  const open = (ip: string) => {
    const socket = new RawSocket(testServer(config.key), { headers: { 'x-forwarded-for': ip } })
    sockets.push(socket)
    return socket
  }

  test('the connection over the cap is closed with 4100; other addresses are not affected', async ({
    assert,
  }) => {
    assert.isAtLeast(Number(config.maxConnectionsPerIp), 1)
    const first = [open('203.0.113.50'), open('203.0.113.50'), open('203.0.113.50')]
    for (const socket of first) assert.isString(await socket.socketId)

    const over = open('203.0.113.50')
    const closed = await over.waitClosed()
    assert.equal(closed?.code, CLOSE.OVER_CAPACITY)
    assert.equal(
      over.frames.find((frame) => frame.event === 'pusher:error')?.data.code,
      CLOSE.OVER_CAPACITY
    )

    const elsewhere = open('203.0.113.51')
    assert.isString(await elsewhere.socketId)

    // Closing one frees its place.
    first[0].close()
    for (let i = 0; i < 100 && realtime.hub?.connectionsPerIp.get('203.0.113.50') !== 2; i++)
      await sleep(20)
    const again = open('203.0.113.50')
    assert.isString(await again.socketId)
  })

  test('the client address: the peer, or behind a trusted proxy the forwarded one', ({
    assert,
  }) => {
    const trust = (address: string) => address === '127.0.0.1' || address === '::1'
    const request = (peer: string, forwarded?: string) =>
      ({
        socket: { remoteAddress: peer },
        headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      }) as unknown as IncomingMessage
    assert.equal(clientAddress(request('198.51.100.1'), trust), '198.51.100.1')
    // An untrusted peer cannot pick its address with the header.
    assert.equal(clientAddress(request('198.51.100.1', '10.0.0.9'), trust), '198.51.100.1')
    assert.equal(clientAddress(request('127.0.0.1', '10.0.0.9'), trust), '10.0.0.9')
    assert.equal(clientAddress(request('::ffff:127.0.0.1', 'spoof, 10.0.0.9'), trust), '10.0.0.9')
    assert.equal(clientAddress(request('127.0.0.1'), trust), '127.0.0.1')
  })
})
