/*
|--------------------------------------------------------------------------
| V8 heap growth of the server process
|--------------------------------------------------------------------------
|
| After an idle spell, V8's memory reducer collects the heap and then lets
| the old generation grow "slowly": the next major GC starts at 1.3× the
| live set (plus the young generation's size). V8 leaves that mode only when
| the committed heap has grown by a tenth since the reducer ran, which a heap
| kept small by those very GCs does not do. A burst of writes after a quiet
| hour therefore ran a major GC every ~1.3 s, each with 60–75 ms of marking
| sharing the core with requests (docs/benchmarks.md, 2026-12-01).
|
| A fixed growing factor of 3 (the next major GC at three times the live set)
| holds in every mode. With a live set of ~55 MB the old generation reaches
| ~165 MB before a major GC; under `npm run bench`'s writes the committed
| heap rose from ~200 MB to 265–300 MB. The memory reducer still gives it
| back after a quiet spell.
|
| An explicit `--heap-growing-percent` on node's command line wins (0 gives
| V8's own choice back).
|
*/
import { setFlagsFromString } from 'node:v8'

export const HEAP_GROWING_PERCENT = 200

export function applyHeapGrowing(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((flag) => /^--heap[-_]growing[-_]percent(=|$)/.test(flag))) return false
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
  return true
}

applyHeapGrowing()
