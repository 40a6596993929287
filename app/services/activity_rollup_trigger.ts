import RollupActivityJob from '#jobs/rollup_activity_job'

/** At most one dispatch per process per this many milliseconds. */
const INTERVAL = 5 * 60 * 1000
let lastDispatch = 0

/**
 * The dashboard found yesterday missing from the rollup (a fresh install,
 * a restored backup, a worker that was down at the hour): the job is
 * queued rather than run inside the request, at most every 5 minutes.
 * Returns whether it was queued now.
 */
export async function scheduleRollupIfStale(): Promise<boolean> {
  const now = Date.now()
  if (now - lastDispatch < INTERVAL) return false
  lastDispatch = now
  await RollupActivityJob.dispatch({})
  return true
}

/** Tests: forget the last dispatch. */
export function resetRollupTrigger() {
  lastDispatch = 0
}
