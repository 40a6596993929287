/*
|--------------------------------------------------------------------------
| Edge globals
|--------------------------------------------------------------------------
*/
import edge from 'edge.js'
import { routeManifestJson } from '#services/route_manifest'
import { clientRealtimeConfig } from '#config/realtime'

edge.global('routesJson', () => routeManifestJson())

/** Where the browser's Echo connects (key, host, port, scheme; never the secret). */
edge.global('realtimeJson', () => JSON.stringify(clientRealtimeConfig()).replace(/</g, '\\u003c'))
