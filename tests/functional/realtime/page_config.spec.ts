import { test } from '@japa/runner'
import config from '#config/realtime'

/**
 * Issue 17 §1: the page tells the browser where the realtime socket is,
 * from the request it serves (not from the bundle's build mode), so the
 * production build served by `npm start` on http://localhost:3333 connects.
 */
function sharedConfig(html: string) {
  const match = html.match(
    /<script type="application\/json" id="huddle-realtime">([^<]*)<\/script>/
  )
  if (!match) throw new Error('the page has no #huddle-realtime script')
  return JSON.parse(match[1]) as Record<string, unknown>
}

test.group('Realtime / the connection settings a page carries', () => {
  test('plain http on the app port: ws on that host and port', async ({ client, assert }) => {
    const response = await client.get('/login').header('Host', 'localhost:3333')
    response.assertStatus(200)
    assert.deepEqual(sharedConfig(response.text()), {
      key: config.key,
      host: 'localhost',
      port: 3333,
      scheme: 'http',
    })
  })

  test('another name and port the browser used', async ({ client, assert }) => {
    const response = await client.get('/login').header('Host', '192.168.1.20:8080')
    assert.deepEqual(sharedConfig(response.text()), {
      key: config.key,
      host: '192.168.1.20',
      port: 8080,
      scheme: 'http',
    })
  })

  test('behind a trusted TLS proxy: wss on 443 of the public name', async ({ client, assert }) => {
    // The test client connects from loopback, a trusted proxy (config/app.ts).
    const response = await client
      .get('/login')
      .header('Host', 'localhost:3333')
      .header('X-Forwarded-Host', 'huddle.example.com')
      .header('X-Forwarded-Proto', 'https')
    assert.deepEqual(sharedConfig(response.text()), {
      key: config.key,
      host: 'huddle.example.com',
      port: 443,
      scheme: 'https',
    })
  })

  test('the secret never reaches the page', async ({ client, assert }) => {
    const response = await client.get('/login')
    assert.notInclude(response.text(), config.secret)
    assert.deepEqual(Object.keys(sharedConfig(response.text())).sort(), [
      'host',
      'key',
      'port',
      'scheme',
    ])
  })
})
