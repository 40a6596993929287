import { test } from '@japa/runner'
import { Qs } from '@adonisjs/core/http'
import { http } from '#config/app'
import bodyParserConfig from '#config/bodyparser'

/**
 * The seed's query-string limits (depth 5, arrays of 20, 1000 parameters),
 * checked with the parser the HTTP server builds from config/app.ts.
 */
const qs = new Qs(http.qs)

const indexed = (key: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${key}[${i}]=${i}`).join('&')

test.group('Server query-string limits', () => {
  test('the server parser is configured with depth 5, array limit 20 and 1000 parameters', ({
    assert,
  }) => {
    assert.containsSubset(http.qs.parse, { depth: 5, arrayLimit: 20, parameterLimit: 1000 })
  })

  test('form bodies use the same limits', ({ assert }) => {
    assert.containsSubset(bodyParserConfig.form.queryString, {
      depth: 5,
      arrayLimit: 20,
      parameterLimit: 1000,
    })
  })

  test('nesting deeper than 5 levels stays a literal key', ({ assert }) => {
    assert.deepEqual(qs.parse('a[b][c][d][e][f][g]=1'), {
      a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } },
    })
  })

  test('5 levels of nesting are parsed', ({ assert }) => {
    assert.deepEqual(qs.parse('a[b][c][d][e][f]=1'), { a: { b: { c: { d: { e: { f: '1' } } } } } })
  })

  test('array indices up to 20 make an array', ({ assert }) => {
    const parsed = qs.parse(indexed('x', 21)) as { x: string[] }
    assert.isArray(parsed.x)
    assert.lengthOf(parsed.x, 21)
  })

  test('an index above 20 makes an object instead of a huge sparse array', ({ assert }) => {
    assert.deepEqual(qs.parse('x[5000000]=a'), { x: { 5000000: 'a' } })
    const parsed = qs.parse(indexed('x', 22)) as { x: Record<string, string> }
    assert.isFalse(Array.isArray(parsed.x))
    assert.equal(parsed.x['21'], '21')
  })

  test('only the first 1000 parameters are read', ({ assert }) => {
    const query = Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&')
    const parsed = qs.parse(query)
    assert.lengthOf(Object.keys(parsed), 1000)
    assert.equal(parsed.p999, '999')
    assert.notProperty(parsed, 'p1000')
  })
})
