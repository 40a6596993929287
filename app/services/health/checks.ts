import { statfs } from 'node:fs/promises'
import { dirname } from 'node:path'
import { DiskSpaceCheck, HealthChecks } from '@adonisjs/core/health'
import type { HealthCheckReport } from '@adonisjs/core/types/health'
import db from '@adonisjs/lucid/services/db'
import { DbCheck } from '@adonisjs/lucid/database'
import redis from '@adonisjs/redis/services/main'
import { RedisCheck } from '@adonisjs/redis'
import env from '#start/env'
import { driveDisk, mediaRoot } from '#config/drive'
import { databasePath } from '#services/paths'

/**
 * Readiness of this node (GET /health/ready), with the checks of
 * @adonisjs/health: the database answers a query, Redis answers a PING
 * when REDIS_URL is set, and the disks that hold the data have room.
 *
 * The disk check reads the folders the node writes to (the SQLite file's
 * and the local media folder) with statfs instead of the package's default
 * (which runs `df` on `/`), and reports the fullest of them. It is cached
 * for ten seconds: a probe every second does not cost a syscall each time.
 */
export const DISK_WARN_PERCENT = 85
export const DISK_FAIL_PERCENT = 95

function dataFolders(): string[] {
  const folders: string[] = []
  if (env.get('DB_CONNECTION') !== 'pg') folders.push(dirname(databasePath()))
  if (driveDisk === 'fs') folders.push(mediaRoot())
  return folders
}

/** Free and total bytes of the fullest filesystem among the data folders. */
export async function fullestDisk(folders = dataFolders()) {
  let fullest = { free: 1, size: 1 }
  for (const folder of folders) {
    const stats = await statfs(folder)
    const size = stats.blocks * stats.bsize
    const free = stats.bavail * stats.bsize
    if (size > 0 && free / size < fullest.free / fullest.size) fullest = { free, size }
  }
  return fullest
}

/**
 * The package's Redis check, for a connection opened lazily (config/redis.ts):
 * one that nothing has used yet is in ioredis' `wait` state, which the
 * package reports as "unable to connect". Connect it first, then check.
 */
class LazyRedisCheck extends RedisCheck {
  constructor(private connection: ReturnType<typeof redis.connection>) {
    super(connection)
  }

  async run() {
    if (this.connection.status === 'wait') {
      await this.connection.ioConnection.connect().catch(() => {})
    }
    return super.run()
  }
}

export function buildChecks() {
  const checks = new HealthChecks().register([
    new DbCheck(db.connection()).as('database'),
    new DiskSpaceCheck()
      .as('disk')
      .compute(() => fullestDisk())
      .warnWhenExceeds(DISK_WARN_PERCENT)
      .failWhenExceeds(DISK_FAIL_PERCENT)
      .cacheFor('10 seconds'),
  ])
  if (env.get('REDIS_URL'))
    checks.append([new LazyRedisCheck(redis.connection('main')).as('redis')])
  return checks
}

let shared: HealthChecks | null = null

/**
 * What a probe may see: each check's name and status, nothing else. The
 * full report (messages, disk sizes, pid, versions) stays in the log.
 */
export interface ReadinessAnswer {
  status: 'ok' | 'warning' | 'error'
  checks: Record<string, 'ok' | 'warning' | 'error'>
}

export function summarize(report: HealthCheckReport): ReadinessAnswer {
  return {
    status: report.isHealthy ? report.status : 'error',
    checks: Object.fromEntries(report.checks.map((check) => [check.name, check.status])),
  }
}

/**
 * The node's readiness checks, resolved from the container on each probe so
 * a test can swap them (`app.container.swap(ReadinessChecks, …)`). The
 * default instance is shared, so cached results survive between probes.
 */
export class ReadinessChecks {
  constructor(private checks: HealthChecks = (shared ??= buildChecks())) {}

  async run(): Promise<{ healthy: boolean; report: HealthCheckReport }> {
    const report = await this.checks.run()
    return { healthy: report.isHealthy, report }
  }
}
