import { test } from '@japa/runner'
import {
  contentDisposition,
  isNotModified,
  parseRange,
  rangeStillValid,
  variantFileName,
} from '#services/media_http'
import { formatMegabytes, sanitizeFileName } from '#services/media_storage'
import { allowedAudiences, publicationStatus } from '#services/posts/publication'

test.group('Media HTTP / ranges', () => {
  test('single ranges: closed, open-ended, suffix, clamped end', ({ assert }) => {
    assert.deepEqual(parseRange('bytes=0-9', 100), { type: 'range', start: 0, end: 9 })
    assert.deepEqual(parseRange('bytes=90-', 100), { type: 'range', start: 90, end: 99 })
    assert.deepEqual(parseRange('bytes=-10', 100), { type: 'range', start: 90, end: 99 })
    assert.deepEqual(parseRange('bytes=-500', 100), { type: 'range', start: 0, end: 99 })
    assert.deepEqual(parseRange('bytes=50-500', 100), { type: 'range', start: 50, end: 99 })
  })

  test('unsatisfiable: start at or past the end, empty suffix, absurd numbers', ({ assert }) => {
    assert.deepEqual(parseRange('bytes=100-', 100), { type: 'unsatisfiable' })
    assert.deepEqual(parseRange('bytes=-0', 100), { type: 'unsatisfiable' })
    assert.deepEqual(parseRange('bytes=9999999999999999-', 100), { type: 'unsatisfiable' })
  })

  test('ignored (whole file): missing, other units, several ranges, reversed, garbage', ({
    assert,
  }) => {
    for (const header of [
      undefined,
      '',
      'items=0-1',
      'bytes=0-1,5-6',
      'bytes=9-3',
      'bytes=-',
      'bytes=a-b',
    ]) {
      assert.deepEqual(parseRange(header, 100), { type: 'none' }, String(header))
    }
  })

  test('If-Range: a matching strong ETag or a recent date keeps the range', ({ assert }) => {
    const modified = new Date('2026-01-01T00:00:00Z')
    assert.isTrue(rangeStillValid(undefined, '"a"', modified))
    assert.isTrue(rangeStillValid('"a"', '"a"', modified))
    assert.isFalse(rangeStillValid('"b"', '"a"', modified))
    assert.isFalse(rangeStillValid('W/"a"', 'W/"a"', modified))
    assert.isTrue(rangeStillValid(modified.toUTCString(), '"a"', modified))
    assert.isFalse(rangeStillValid('Wed, 01 Jan 2025 00:00:00 GMT', '"a"', modified))
  })
})

test.group('Media HTTP / conditional requests', () => {
  const modified = new Date('2026-01-01T00:00:00Z')

  test('If-None-Match matches weakly, in lists and with *', ({ assert }) => {
    assert.isTrue(isNotModified({ ifNoneMatch: 'W/"x"' }, '"x"', modified))
    assert.isTrue(isNotModified({ ifNoneMatch: '"y", "x"' }, 'W/"x"', modified))
    assert.isTrue(isNotModified({ ifNoneMatch: '*' }, '"x"', modified))
    assert.isFalse(isNotModified({ ifNoneMatch: '"y"' }, '"x"', modified))
  })

  test('If-Modified-Since is used only without If-None-Match', ({ assert }) => {
    const later = 'Thu, 01 Jan 2026 00:00:05 GMT'
    assert.isTrue(isNotModified({ ifModifiedSince: later }, '"x"', modified))
    assert.isFalse(
      isNotModified({ ifModifiedSince: 'Wed, 31 Dec 2025 00:00:00 GMT' }, '"x"', modified)
    )
    assert.isFalse(isNotModified({ ifNoneMatch: '"y"', ifModifiedSince: later }, '"x"', modified))
    assert.isFalse(isNotModified({ ifModifiedSince: 'not a date' }, '"x"', modified))
  })
})

test.group('Media HTTP / file names', () => {
  test('Content-Disposition: ASCII fallback without quotes, exact UTF-8 name', ({ assert }) => {
    assert.equal(
      contentDisposition('inline', 'Résumé "final".pdf'),
      `inline; filename="Resume _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22.pdf`
    )
    assert.equal(
      contentDisposition('attachment', '\r\nSet-Cookie: x.pdf'),
      `attachment; filename="Set-Cookie: x.pdf"; filename*=UTF-8''%0D%0ASet-Cookie%3A%20x.pdf`
    )
    assert.match(contentDisposition('inline', '写真.jpg'), /^inline; filename="file\.jpg"; /)
    assert.match(contentDisposition('inline', '写真'), /^inline; filename="file"; /)
  })

  test('variant names swap the extension', ({ assert }) => {
    assert.equal(variantFileName('holiday.photo.jpg', 'webp'), 'holiday.photo.webp')
    assert.equal(variantFileName('noext', 'webp'), 'noext.webp')
  })

  test('uploaded names lose folders, controls and direction overrides; long names keep the extension', ({
    assert,
  }) => {
    assert.equal(sanitizeFileName('../../etc/passwd'), 'passwd')
    assert.equal(sanitizeFileName('C:\\Users\\me\\photo.jpg'), 'photo.jpg')
    assert.equal(sanitizeFileName('evil\u202Egnp.exe'), 'evilgnp.exe')
    assert.equal(sanitizeFileName('nul\u0000byte.pdf'), 'nulbyte.pdf')
    assert.equal(sanitizeFileName('...hidden'), 'hidden')
    assert.equal(sanitizeFileName(''), 'file')
    assert.equal(sanitizeFileName(null), 'file')
    const long = sanitizeFileName(`${'a'.repeat(300)}.jpeg`)
    assert.lengthOf(long, 255)
    assert.isTrue(long.endsWith('.jpeg'))
  })

  test('sizes are rounded up to a tenth of a megabyte', ({ assert }) => {
    assert.equal(formatMegabytes(14 * 1024 * 1024), '14 MB')
    assert.equal(formatMegabytes(10 * 1024 * 1024 + 1), '10.1 MB')
    assert.equal(formatMegabytes(300 * 1024), '0.3 MB')
  })
})

test.group('Posts / moderation rule', () => {
  test('who publishes at once and who waits', ({ assert }) => {
    assert.equal(publicationStatus({ role: 'member' }, 'team'), 'published')
    assert.equal(publicationStatus({ role: 'member' }, 'public'), 'pending')
    assert.equal(publicationStatus({ role: 'admin' }, 'team'), 'published')
    assert.equal(publicationStatus({ role: 'admin' }, 'public'), 'published')
    assert.equal(publicationStatus({ role: 'external' }, 'public'), 'pending')
    assert.equal(publicationStatus({ role: 'external' }, 'team'), 'pending')
  })

  test('externals may only choose the public audience', ({ assert }) => {
    assert.deepEqual(allowedAudiences({ role: 'external' }), ['public'])
    assert.deepEqual(allowedAudiences({ role: 'member' }), ['team', 'public'])
  })
})
