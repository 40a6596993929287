import type { RealtimeHub } from './hub.js'
import type { RedisCluster } from './cluster.js'

/**
 * The running realtime server of this process (null with an external
 * engine, or before boot). Set by providers/realtime_provider.ts.
 */
export const realtime: { hub: RealtimeHub | null; cluster: RedisCluster | null } = {
  hub: null,
  cluster: null,
}
