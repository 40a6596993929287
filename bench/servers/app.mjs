// The production build (BUILD_DIR, default build/), booted exactly like
// build/bin/server.js, plus two routes that exist only in this benchmark
// process (nothing is added to the app itself):
//   GET /__bench/constant  S0: a constant JSON through every global middleware
//   GET /__bench/queries   the number of SQL queries run so far (only with
//                          BENCH_COUNT_QUERIES=1, which turns Lucid's debug
//                          mode on so every query emits `db:query`)
//   GET /__bench/eventloop[?reset=1]  event-loop delay percentiles (ms) since
//                          the last reset (perf_hooks, 10 ms resolution): S7;
//                          with the longest GC pause, its kind and the GC total.
//                          The delay monitor starts at the first call: its
//                          10 ms timer would otherwise wake every server of
//                          the bench 100 times a second, all on the measured
//                          server's core
import 'reflect-metadata'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'

const BUILD = pathToFileURL(resolve(process.env.BUILD_DIR ?? 'build') + '/')
await import(new URL('start/node_version.js', BUILD).href)
await import(new URL('start/heap.js', BUILD).href)
const { Ignitor, prettyPrintError } = await import('@adonisjs/core')

const IMPORTER = (filePath) => {
  if (filePath.startsWith('./') || filePath.startsWith('../'))
    return import(new URL(filePath, BUILD).href)
  return import(filePath)
}

const countQueries = process.env.BENCH_COUNT_QUERIES === '1'
let queries = 0
const log = []

new Ignitor(BUILD, { importer: IMPORTER })
  .tap((app) => {
    app.booting(async () => {
      await import(new URL('start/env.js', BUILD).href)
    })
    app.booted(async () => {
      if (countQueries) {
        // Lucid keeps a reference to this object; query clients read `debug` from it.
        const config = app.config.get('database')
        config.connections[config.connection].debug = true
      }
      const router = await app.container.make('router')
      router.get('/__bench/constant', () => ({ hello: 'world' }))
      let loop = null
      // Garbage-collection pauses since the last reset: the longest (and its
      // kind) and their sum, to tell a GC pause from the app's own work.
      // perf_hooks.constants.NODE_PERFORMANCE_GC_*: 4 is a major GC (mark-compact),
      // 8 a step of incremental marking, 2 a minor mark-sweep. (Until 2026-12-01
      // this map called 4 "incremental" and 8 "weak-callbacks".)
      const GC_KINDS = {
        1: 'scavenge',
        2: 'minor-mark-sweep',
        4: 'mark-compact',
        8: 'incremental',
        16: 'weak-callbacks',
      }
      let gc = { max: 0, kind: null, total: 0 }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          gc.total += entry.duration
          if (entry.duration > gc.max) {
            gc.max = entry.duration
            gc.kind = GC_KINDS[entry.detail?.kind] ?? String(entry.detail?.kind)
          }
        }
      }).observe({ entryTypes: ['gc'] })
      router.get('/__bench/eventloop', ({ request }) => {
        if (!loop) {
          loop = monitorEventLoopDelay({ resolution: 10 })
          loop.enable()
        }
        const out = {
          p50: loop.percentile(50) / 1e6,
          p99: loop.percentile(99) / 1e6,
          max: loop.max / 1e6,
          gcMaxMs: gc.max,
          gcKind: gc.kind,
          gcTotalMs: gc.total,
          // The V8 heap now (MB): the soak records it beside the process's RSS.
          heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20,
          heapTotalMb: process.memoryUsage().heapTotal / 2 ** 20,
        }
        if (request.input('reset')) {
          loop.reset()
          gc = { max: 0, kind: null, total: 0 }
        }
        return out
      })
      if (process.env.BENCH_PROFILE) {
        // A profile of a steady-state window: /__bench/profile/start … /stop.
        // BENCH_PROFILE_KIND=heap: the sampling heap profiler, counting what
        // survived the young generation (kept by a major GC or still live)
        // and leaving out what a scavenge freed: where promoted bytes come from.
        const { Session } = await import('node:inspector/promises')
        const { writeFileSync } = await import('node:fs')
        const heap = process.env.BENCH_PROFILE_KIND === 'heap'
        const session = new Session()
        session.connect()
        await session.post(heap ? 'HeapProfiler.enable' : 'Profiler.enable')
        router.get('/__bench/profile/start', async () => {
          if (heap) {
            await session.post('HeapProfiler.startSampling', {
              samplingInterval: 4096,
              includeObjectsCollectedByMajorGC: true,
              includeObjectsCollectedByMinorGC: false,
            })
          } else {
            await session.post('Profiler.start')
          }
          return { started: true }
        })
        router.get('/__bench/profile/stop', async () => {
          const { profile } = await session.post(
            heap ? 'HeapProfiler.stopSampling' : 'Profiler.stop'
          )
          writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile))
          return { written: process.env.BENCH_PROFILE }
        })
      }
      if (countQueries) {
        const emitter = await app.container.make('emitter')
        emitter.on('db:query', (query) => {
          queries++
          if (process.env.BENCH_LOG_QUERIES === '1') log.push(query.sql)
        })
        router.get('/__bench/queries', () => {
          const out = { queries, log: log.splice(0) }
          return out
        })
      }
    })
    app.listen('SIGTERM', () => app.terminate())
  })
  .httpServer()
  .start()
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
