import { test } from '@japa/runner'
import { isForwarded, isLoopbackHost } from '#services/dev_outbox_access'

/** scripts/loopback.mjs: plain JS for `npm start` (no types). */
interface StartScriptHelpers {
  isLoopbackHost(host: string): boolean
  exposureWarning(input: { nodeEnv: string; host: string; port: string }): string | null
}
const startScript = () =>
  import('../../../scripts/loopback.mjs' as string) as Promise<StartScriptHelpers>

const LOOPBACK = [
  'localhost',
  'LOCALHOST',
  'app.localhost',
  '127.0.0.1',
  '127.1.2.3',
  '::1',
  '[::1]',
  '::ffff:127.0.0.1',
]
const EXPOSED = [
  '0.0.0.0',
  '::',
  '',
  '192.168.1.20',
  '10.0.0.1',
  '::ffff:10.0.0.1',
  'huddle.example.com',
  'localhost.example.com',
  '128.0.0.1',
  'fe80::1',
]

test.group('Dev outbox access / loopback addresses', () => {
  test('loopback hosts and peers are recognised, everything else is not', async ({ assert }) => {
    const script = await startScript()
    for (const host of LOOPBACK) {
      assert.isTrue(isLoopbackHost(host), host)
      assert.isTrue(script.isLoopbackHost(host), `start script: ${host}`)
    }
    for (const host of EXPOSED) {
      assert.isFalse(isLoopbackHost(host), host)
      assert.isFalse(script.isLoopbackHost(host), `start script: ${host}`)
    }
  })

  test('forwarding headers mark a request as coming through a proxy', ({ assert }) => {
    assert.isTrue(isForwarded({ 'x-forwarded-for': '1.2.3.4' }))
    assert.isTrue(isForwarded({ forwarded: 'for=1.2.3.4' }))
    assert.isTrue(isForwarded({ 'x-real-ip': '1.2.3.4' }))
    assert.isTrue(isForwarded({ via: '1.1 nginx' }))
    assert.isFalse(isForwarded({ 'host': 'localhost:3333', 'user-agent': 'curl' }))
  })

  test('npm start warns loudly in development on a non-loopback address only', async ({
    assert,
  }) => {
    const { exposureWarning } = await startScript()
    const warning = exposureWarning({ nodeEnv: 'development', host: '0.0.0.0', port: '3333' })
    assert.isString(warning)
    assert.include(warning!, 'WARNING')
    assert.include(warning!, '0.0.0.0:3333')
    assert.include(warning!, 'NODE_ENV=production')
    assert.isNull(exposureWarning({ nodeEnv: 'development', host: 'localhost', port: '3333' }))
    assert.isNull(exposureWarning({ nodeEnv: 'development', host: '127.0.0.1', port: '3333' }))
    assert.isNull(exposureWarning({ nodeEnv: 'production', host: '0.0.0.0', port: '3333' }))
  })
})
