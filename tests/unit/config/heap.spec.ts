import { test } from '@japa/runner'
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { HEAP_GROWING_PERCENT } from '#start/heap'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/**
 * The growing factor V8 itself reports after a full GC in a fresh Node
 * process (`--trace-gc-verbose` prints "[HeapController] factor 3.0 …"),
 * with or without start/heap.ts imported first.
 */
async function factorAfterFullGc(flags: string[], importHeap: boolean) {
  const script = [
    importHeap
      ? `await import(${JSON.stringify(new URL('../../../start/heap.ts', import.meta.url).href)})`
      : '',
    'const keep = Array.from({ length: 100000 }, (_, i) => ({ i, s: "x" + i }))',
    'globalThis.gc()',
    'console.log(keep.length)',
  ].join('\n')
  const { stdout } = await run(
    process.execPath,
    [
      '--import=@poppinss/ts-exec',
      '--expose-gc',
      '--trace-gc-verbose',
      ...flags,
      '--input-type=module',
      '-e',
      script,
    ],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }
  )
  const factors = [...stdout.matchAll(/\[HeapController\] factor ([\d.]+)/g)].map((m) =>
    Number(m[1])
  )
  return factors.at(-1)
}

test.group('V8 heap growth (start/heap.ts)', () => {
  test('the server fixes the growing factor at 1 + HEAP_GROWING_PERCENT / 100', async ({
    assert,
  }) => {
    assert.equal(await factorAfterFullGc([], true), 1 + HEAP_GROWING_PERCENT / 100)
  }).timeout(30_000)

  test("without it V8 picks its own factor, which is not the server's", async ({ assert }) => {
    const factor = await factorAfterFullGc([], false)
    assert.isNumber(factor)
    assert.notEqual(factor, 1 + HEAP_GROWING_PERCENT / 100)
  }).timeout(30_000)

  test('an explicit --heap-growing-percent on the command line wins', async ({ assert }) => {
    assert.equal(await factorAfterFullGc(['--heap-growing-percent=50'], true), 1.5)
  }).timeout(30_000)
})
