import { test } from '@japa/runner'
import { clientRealtimeConfig, type PageRequest } from '#config/realtime'

/** A request as the page's browser made it. */
function request(protocol: string, host: string | null): PageRequest {
  return { protocol: () => protocol, host: () => host }
}

/** Nothing configured (REVERB_HOST / PORT / SCHEME unset), as `npm start` on a laptop. */
const embedded = { key: 'demo-key-123', host: null, port: null, scheme: null }

test.group('Realtime / where the page tells the browser to connect', () => {
  test('the embedded server on plain http: the page origin, whatever the build mode', ({
    assert,
  }) => {
    // `npm start`: production build, NODE_ENV=development, http://localhost:3333.
    assert.deepEqual(clientRealtimeConfig(request('http', 'localhost:3333'), embedded), {
      key: 'demo-key-123',
      host: 'localhost',
      port: 3333,
      scheme: 'http',
    })
    assert.deepEqual(clientRealtimeConfig(request('http', '192.168.1.20:8080'), embedded), {
      key: 'demo-key-123',
      host: '192.168.1.20',
      port: 8080,
      scheme: 'http',
    })
    assert.deepEqual(clientRealtimeConfig(request('http', 'huddle.lan'), embedded), {
      key: 'demo-key-123',
      host: 'huddle.lan',
      port: 80,
      scheme: 'http',
    })
    assert.deepEqual(clientRealtimeConfig(request('http', '[::1]:3333'), embedded), {
      key: 'demo-key-123',
      host: '[::1]',
      port: 3333,
      scheme: 'http',
    })
  })

  test('the embedded server behind a TLS proxy: wss on the public name and port', ({ assert }) => {
    // The proxy's X-Forwarded-Proto, as Request#protocol() reports it for a trusted proxy.
    assert.deepEqual(clientRealtimeConfig(request('https', 'huddle.example.com'), embedded), {
      key: 'demo-key-123',
      host: 'huddle.example.com',
      port: 443,
      scheme: 'https',
    })
    assert.deepEqual(clientRealtimeConfig(request('https', 'huddle.example.com:8443'), embedded), {
      key: 'demo-key-123',
      host: 'huddle.example.com',
      port: 8443,
      scheme: 'https',
    })
  })

  test('production forces TLS: on 443 when the request looked like plain http', ({ assert }) => {
    // NODE_ENV=production defaults REVERB_SCHEME to https (config/realtime.ts).
    const production = { ...embedded, scheme: 'https' as const }
    // A proxy the app does not trust: the request says http on the app port.
    assert.deepEqual(clientRealtimeConfig(request('http', 'huddle.example.com:3333'), production), {
      key: 'demo-key-123',
      host: 'huddle.example.com',
      port: 443,
      scheme: 'https',
    })
    assert.deepEqual(clientRealtimeConfig(request('https', 'huddle.example.com'), production), {
      key: 'demo-key-123',
      host: 'huddle.example.com',
      port: 443,
      scheme: 'https',
    })
  })

  test('REVERB_HOST / PORT / SCHEME win (an external engine, another proxy)', ({ assert }) => {
    const external = {
      key: 'k-external',
      host: 'ws.example.com',
      port: null,
      scheme: 'https' as const,
    }
    assert.deepEqual(clientRealtimeConfig(request('http', 'localhost:3333'), external), {
      key: 'k-external',
      host: 'ws.example.com',
      port: 443,
      scheme: 'https',
    })
    const soketi = { key: 'k-soketi', host: 'soketi.lan', port: 6001, scheme: 'http' as const }
    assert.deepEqual(clientRealtimeConfig(request('https', 'huddle.example.com'), soketi), {
      key: 'k-soketi',
      host: 'soketi.lan',
      port: 6001,
      scheme: 'http',
    })
    // The workaround still means what it says.
    const workaround = { ...embedded, port: 3333, scheme: 'http' as const }
    assert.deepEqual(clientRealtimeConfig(request('http', 'localhost:3333'), workaround), {
      key: 'demo-key-123',
      host: 'localhost',
      port: 3333,
      scheme: 'http',
    })
  })

  test('no Host header: APP_URL', ({ assert }) => {
    const config = clientRealtimeConfig(request('http', null), embedded)
    assert.equal(config.host, new URL(process.env.APP_URL ?? 'http://localhost:3333').hostname)
  })
})
