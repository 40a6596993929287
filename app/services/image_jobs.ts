import { availableParallelism } from 'node:os'
import pLimit from 'p-limit'
import sharp from 'sharp'
import env from '#start/env'

/**
 * Image decoding and re-encoding, bounded (issue 16 item 10). sharp works
 * off the JavaScript thread, in libuv's thread pool (4 threads, shared with
 * file reads, scrypt and DNS) and libvips' own threads: six 50-megapixel
 * uploads at once filled both, and every other request waited about a
 * second. So:
 * - at most IMAGE_CONCURRENCY images are processed at a time (default: half
 *   the cores, at most 2), the others wait their turn in a queue;
 * - each uses one libvips thread, leaving cores and pool threads free for
 *   the requests that only read;
 * - sharp's operation cache is off, so memory returns once an image is done
 *   (about 128 MB per 50-megapixel image, times the slots at most).
 * Everything that runs sharp on uploaded files goes through runImageJob().
 */
export function imageSlots() {
  const configured = env.get('IMAGE_CONCURRENCY')
  if (typeof configured === 'number' && configured >= 1) return Math.floor(configured)
  return Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2)))
}

sharp.concurrency(1)
sharp.cache(false)

const queue = pLimit(imageSlots())
let peak = 0

/** Runs `job` (sharp work on one upload) when a slot is free. */
export function runImageJob<T>(job: () => Promise<T>): Promise<T> {
  return queue(async () => {
    peak = Math.max(peak, queue.activeCount)
    return job()
  })
}

/** The queue's state, and the most images ever processed at once (tests, monitoring). */
export function imageJobStats() {
  return {
    slots: queue.concurrency,
    active: queue.activeCount,
    pending: queue.pendingCount,
    peak,
  }
}

/** Starts counting `peak` again (tests). */
export function resetImageJobPeak() {
  peak = 0
}
