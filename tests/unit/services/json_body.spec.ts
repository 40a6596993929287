import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { safeStringify } from '@poppinss/utils/json'
import app from '@adonisjs/core/services/app'
import { serializeJSON } from '#services/json_body'

test.group('Response JSON serializer', () => {
  test('gives the same text as the safe serializer for ordinary values', ({ assert }) => {
    const values = [
      {
        component: 'Home',
        props: {
          posts: [
            {
              id: 1,
              body: '<p>Hi "team" \\ ✓ \u2028 \ud83d\ude00</p>',
              createdAt: DateTime.fromISO('2026-11-23T10:00:00Z', { zone: 'utc' }),
              at: new Date(Date.UTC(2026, 10, 23)),
              media: [],
              original: null,
              gone: undefined,
              skipped: () => 1,
              nan: Number.NaN,
              neg: -0,
            },
          ],
          nested: { a: [1, 'two', [3, { four: 4 }]], empty: {} },
        },
        url: '/?cursor=abc',
        version: '1',
      },
      'lone \ud800 surrogate',
      [undefined, () => 1, Symbol('x')],
      42,
      true,
    ]
    for (const value of values) assert.equal(serializeJSON(value), safeStringify(value))
  })

  test('still serialises circular references and BigInts (the safe way)', ({ assert }) => {
    const node: Record<string, unknown> = { id: 1, big: 12345678901234567890n }
    node.self = node
    node.list = [node, { ok: true }]
    assert.equal(serializeJSON(node), safeStringify(node))
    assert.equal(
      serializeJSON(node),
      '{"id":1,"big":"12345678901234567890","list":[null,{"ok":true}]}'
    )
  })

  test('is the serializer the HTTP server uses', ({ assert }) => {
    assert.strictEqual(app.config.get<any>('app.http').serializeJSON, serializeJSON)
  })
})
