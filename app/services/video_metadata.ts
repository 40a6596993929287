import { open, type FileHandle } from 'node:fs/promises'

/**
 * Phone videos (MP4 / QuickTime MOV) carry where they were shot: the
 * QuickTime `©xyz` user-data atom, Apple's `com.apple.quicktime.location.*`
 * metadata keys, and the 3GPP `loci` box. Videos are stored as uploaded (no
 * transcoding on the server), so these boxes are neutralised in place: the
 * box becomes a `free` box of the same size with its bytes zeroed. Offsets
 * do not move, so the file still plays; the location is gone.
 *
 * Only the `moov` box (the metadata, usually a few kilobytes to a few
 * megabytes) is read into memory, never the media data.
 */

/** Boxes whose children are boxes (where location metadata can sit). */
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'udta', 'meta', 'ilst', 'edts'])
/** User-data boxes that are nothing but a location. */
const LOCATION_BOXES = new Set(['\u00a9xyz', 'loci'])
const APPLE_LOCATION_KEY = /^com\.apple\.quicktime\.location\./
/** A moov larger than this is not read (nothing is changed). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024

interface Box {
  type: string
  start: number
  headerSize: number
  end: number
}

function readBoxes(buffer: Buffer, from: number, to: number): Box[] {
  const boxes: Box[] = []
  let offset = from
  while (offset + 8 <= to) {
    let size = buffer.readUInt32BE(offset)
    const type = buffer.toString('latin1', offset + 4, offset + 8)
    let headerSize = 8
    if (size === 1) {
      if (offset + 16 > to) break
      size = Number(buffer.readBigUInt64BE(offset + 8))
      headerSize = 16
    } else if (size === 0) {
      size = to - offset
    }
    if (size < headerSize || offset + size > to) break
    boxes.push({ type, start: offset, headerSize, end: offset + size })
    offset += size
  }
  return boxes
}

/** Turns a box into padding: type `free`, payload zeroed, size kept. */
function neutralise(buffer: Buffer, box: Box) {
  buffer.write('free', box.start + 4, 'latin1')
  buffer.fill(0, box.start + box.headerSize, box.end)
}

/**
 * ISO `meta` is a full box (4 bytes of version/flags before its children);
 * QuickTime's is a plain container. Tell them apart by where `hdlr` sits.
 */
function metaChildrenStart(buffer: Buffer, box: Box) {
  const plain = box.start + box.headerSize
  // Plain container: its first child (hdlr) starts right away, type at +4.
  if (plain + 8 <= box.end && buffer.toString('latin1', plain + 4, plain + 8) === 'hdlr') {
    return plain
  }
  return plain + 4
}

/** 1-based indexes of Apple location keys in a `keys` box. */
function locationKeyIndexes(buffer: Buffer, keys: Box) {
  const indexes = new Set<number>()
  let offset = keys.start + keys.headerSize + 4 // version/flags
  if (offset + 4 > keys.end) return indexes
  const count = buffer.readUInt32BE(offset)
  offset += 4
  for (let index = 1; index <= count && offset + 8 <= keys.end; index++) {
    const size = buffer.readUInt32BE(offset)
    if (size < 8 || offset + size > keys.end) break
    const name = buffer.toString('latin1', offset + 8, offset + size)
    if (APPLE_LOCATION_KEY.test(name)) indexes.add(index)
    offset += size
  }
  return indexes
}

/** Neutralises location boxes inside `moov` (in memory). Returns how many. */
export function stripLocationBoxes(moov: Buffer) {
  let cleared = 0
  const walk = (from: number, to: number) => {
    const boxes = readBoxes(moov, from, to)
    const keys = boxes.find((box) => box.type === 'keys')
    const appleIndexes = keys ? locationKeyIndexes(moov, keys) : new Set<number>()
    for (const box of boxes) {
      if (LOCATION_BOXES.has(box.type)) {
        neutralise(moov, box)
        cleared++
      } else if (box.type === 'ilst') {
        for (const item of readBoxes(moov, box.start + box.headerSize, box.end)) {
          if (appleIndexes.has(moov.readUInt32BE(item.start + 4))) {
            neutralise(moov, item)
            cleared++
          }
        }
      } else if (box.type === 'meta') {
        walk(metaChildrenStart(moov, box), box.end)
      } else if (CONTAINERS.has(box.type)) {
        walk(box.start + box.headerSize, box.end)
      }
    }
  }
  walk(0, moov.length)
  return cleared
}

async function readAt(handle: FileHandle, position: number, length: number) {
  const buffer = Buffer.alloc(length)
  const { bytesRead } = await handle.read(buffer, 0, length, position)
  return buffer.subarray(0, bytesRead)
}

/**
 * Finds the file's top-level `moov` box, clears location metadata in it and
 * writes it back in place. Returns the number of boxes cleared (0 when
 * there was nothing to clear or the structure is not one we understand).
 */
export async function stripVideoLocation(path: string) {
  const handle = await open(path, 'r+')
  try {
    const { size } = await handle.stat()
    let offset = 0
    while (offset + 8 <= size) {
      const header = await readAt(handle, offset, 16)
      if (header.length < 8) break
      let boxSize = header.readUInt32BE(0)
      const type = header.toString('latin1', 4, 8)
      if (boxSize === 1 && header.length >= 16) boxSize = Number(header.readBigUInt64BE(8))
      else if (boxSize === 0) boxSize = size - offset
      if (boxSize < 8 || offset + boxSize > size) break
      if (type === 'moov') {
        if (boxSize > MAX_MOOV_BYTES) return 0
        const moov = await readAt(handle, offset, boxSize)
        const cleared = stripLocationBoxes(moov)
        if (cleared > 0) await handle.write(moov, 0, moov.length, offset)
        return cleared
      }
      offset += boxSize
    }
    return 0
  } finally {
    await handle.close()
  }
}
