import { configProvider } from '@adonisjs/core'
import type { Knex } from 'knex'
import { KnexAdapter } from '@boringnode/queue/drivers/knex_adapter'

const JOBS = 'queue_jobs'
const SCHEDULES = 'queue_schedules'

/**
 * The job queue's database store (@boringnode/queue's KnexAdapter, as
 * @adonisjs/queue's `drivers.database()` makes it), with an idle worker
 * that asks before it locks.
 *
 * A worker polls every `idleDelay` (1 s): it claims a due schedule and, for
 * each of its queues, moves due delayed jobs to pending and pops one. Each
 * of those is a knex transaction, and each knex transaction builds a knex
 * instance of its own: five per second on an idle server, ~36 KB each that
 * live until the next poll, so they outlive two scavenges and fill the old
 * generation. Under S1's load they were a quarter of every byte promoted
 * to it (a sampling heap profile of what major GCs collect,
 * docs/benchmarks.md), and so of the major GCs that stall a busy process.
 *
 * Here each of those steps first runs one plain indexed read (is there a
 * job to take, is a schedule due) and only takes the store's transaction
 * when there is. A job stored between the read and the next poll waits for
 * that poll, as one stored just after a pop always did.
 */
export class IdleCheckedKnexAdapter extends KnexAdapter {
  #connection: Knex
  #checks = new Map<string, Promise<boolean>>()

  constructor(connection: Knex) {
    super({ connection, tableName: JOBS, schedulesTableName: SCHEDULES })
    this.#connection = connection
  }

  /**
   * A pending job, or a delayed one now due, in `queue`. The worker pops
   * for each free slot at once: those asks share one read.
   */
  hasWork(queue: string) {
    let check = this.#checks.get(queue)
    if (!check) {
      check = this.#hasWork(queue).finally(() => this.#checks.delete(queue))
      this.#checks.set(queue, check)
    }
    return check
  }

  async #hasWork(queue: string) {
    const row = await this.#connection(JOBS)
      .where('queue', queue)
      .where((where) =>
        where
          .where('status', 'pending')
          .orWhere((delayed) =>
            delayed.where('status', 'delayed').where('execute_at', '<=', Date.now())
          )
      )
      .first('id')
    return row !== undefined
  }

  /** An active schedule whose next run is due (the store's claim checks its limits). */
  async hasDueSchedule() {
    const row = await this.#connection(SCHEDULES)
      .where('status', 'active')
      .whereNotNull('next_run_at')
      .where('next_run_at', '<=', new Date())
      .first('id')
    return row !== undefined
  }

  override async popFrom(queue: string) {
    if (!(await this.hasWork(queue))) return null
    return super.popFrom(queue)
  }

  override async claimDueSchedule() {
    if (!(await this.hasDueSchedule())) return null
    return super.claimDueSchedule()
  }
}

/** config/queue.ts: the database store on Lucid's connection (the primary by default). */
export function databaseQueueDriver(config: { connectionName?: string } = {}) {
  return configProvider.create(async (app) => {
    const db = await app.container.make('lucid.db')
    const connection = db.connection(config.connectionName || db.primaryConnectionName)
    const knex = connection.getWriteClient()
    return () => new IdleCheckedKnexAdapter(knex)
  })
}
