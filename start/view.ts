/*
|--------------------------------------------------------------------------
| Edge globals
|--------------------------------------------------------------------------
*/
import edge from 'edge.js'
import { routeManifestJson } from '#services/route_manifest'

edge.global('routesJson', () => routeManifestJson())
