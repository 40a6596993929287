import { test } from '@japa/runner'
import { stripLocationBoxes } from '#services/video_metadata'
import { mp4, mp4WithLocation, VIDEO_LOCATION } from '#tests/fixtures/media_files'

test.group('Video metadata / location', () => {
  test('the ©xyz atom, the loci box and Apple location keys are cleared in place', ({ assert }) => {
    const file = mp4WithLocation()
    const moovStart = 24
    const moov = file.subarray(moovStart, moovStart + file.readUInt32BE(moovStart))
    assert.include(moov.toString('latin1'), VIDEO_LOCATION)
    const before = file.length

    assert.equal(stripLocationBoxes(moov), 3)
    assert.notInclude(file.toString('latin1'), VIDEO_LOCATION)
    assert.notInclude(file.toString('latin1'), 'home +48')
    assert.lengthOf(file, before)
    // Other metadata stays.
    assert.include(file.toString('latin1'), 'Canary Phone 12')
    assert.include(file.toString('latin1'), 'mvhd')
  })

  test('Apple location keys are found in an ISO-style meta box too', ({ assert }) => {
    const file = mp4WithLocation({ isoMeta: true })
    const moov = file.subarray(24, 24 + file.readUInt32BE(24))
    assert.equal(stripLocationBoxes(moov), 3)
    assert.notInclude(file.toString('latin1'), VIDEO_LOCATION)
    assert.include(file.toString('latin1'), 'Canary Phone 12')
  })

  test('a file without location metadata is left alone', ({ assert }) => {
    const file = mp4()
    const copy = Buffer.from(file)
    assert.equal(stripLocationBoxes(file), 0)
    assert.isTrue(copy.equals(file))
  })

  test('truncated or nonsense boxes do not throw', ({ assert }) => {
    const junk = Buffer.from([0, 0, 0, 200, 0x6d, 0x6f, 0x6f, 0x76, 1, 2, 3])
    assert.equal(stripLocationBoxes(junk), 0)
    assert.equal(stripLocationBoxes(Buffer.alloc(0)), 0)
  })
})
