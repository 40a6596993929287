/**
 * Declarations of the server code the client's types are generated from
 * (docs/architecture.md "The shapes on both sides").
 *
 * `node ace codegen` writes `.adonisjs/client/data.d.ts`: `Data.*`, the
 * output type of every transformer under app/transformers, and
 * `Data.SharedProps` from the Inertia middleware. That file imports the
 * server's transformers, which the `inertia/` project (a composite project:
 * the server reads the pages' props from its declarations) may not compile
 * as sources. So this script emits declarations of the transformers and
 * of what they import (tsconfig.declarations.json, `--noCheck`: the root
 * typecheck judges those files), into tmp/tsc/server/, and a copy of
 * data.d.ts beside them without its `/// <reference>` to the config files.
 * `inertia/tsconfig.json` maps the `#…` aliases and `~data` there.
 *
 * Run by `npm run typecheck` and by the build hook, after `node ace codegen`.
 */
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')

execFileSync(process.execPath, [tsc, '-p', 'tsconfig.declarations.json'], {
  cwd: root,
  stdio: 'inherit',
})

const generated = readFileSync(join(root, '.adonisjs/client/data.d.ts'), 'utf8')
const out = join(root, 'tmp/tsc/server/data.d.ts')
mkdirSync(dirname(out), { recursive: true })
writeFileSync(out, generated.replace(/^\/\/\/ <reference [^\n]*\n/gm, ''))

/*
 * The typed route registry (docs/architecture.md "Route names"). Tuyau's
 * codegen hook writes `.adonisjs/client/registry/`: `index.ts` (the routes:
 * methods, pattern, tokens; bundled by Vite as `#registry`), `schema.d.ts`
 * (each route's types) and `tree.d.ts`. `schema.d.ts` references
 * `manifest.d.ts` (hence adonisrc.ts and the config files) and reads request
 * and response types from the controllers and validators, none of which the
 * `inertia/` project may compile as sources. The client builds URLs only, so
 * its copy keeps each route's name, methods, pattern and parameters, and
 * turns the types read from server code into `unknown` (a query into
 * `Record<string, unknown>`). `index.d.ts`
 * declares what `index.ts` exports; `inertia/tsconfig.json` maps `#registry`
 * here. The copy is in that project's `include`, because `tsc --build` only
 * compares the dates of the files listed there with its last build: it is
 * written only when it changes, so the next build checks the pages again
 * exactly when a route was added, renamed or removed.
 */
function writeIfChanged(file, text) {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return
  writeFileSync(file, text)
}
const registrySource = join(root, '.adonisjs/client/registry')
const registryOut = join(root, 'tmp/tsc/server/registry')
mkdirSync(registryOut, { recursive: true })
const schema = readFileSync(join(registrySource, 'schema.d.ts'), 'utf8')
  .replace(/^\/\/\/ <reference [^\n]*\n/gm, '')
  .replace(/^(\s+(?:body|response|errorResponse): ).*import\(.*$/gm, '$1unknown')
  .replace(/^(\s+query: ).*import\(.*$/gm, '$1Record<string, unknown>')
writeIfChanged(join(registryOut, 'schema.d.ts'), schema)
const tree = readFileSync(join(registrySource, 'tree.d.ts'), 'utf8').replace(
  /from '\.\/index\.ts'/,
  "from './index.js'"
)
writeIfChanged(join(registryOut, 'tree.d.ts'), tree)
writeIfChanged(
  join(registryOut, 'index.d.ts'),
  `/* Declarations of .adonisjs/client/registry/index.ts (scripts/server_declarations.mjs). */
import type { ClientRouteToken } from '@adonisjs/http-server/client/url_builder'
import type { Registry } from './schema.js'
import type { ApiDefinition } from './tree.js'

type Routes = { [Name in keyof Registry]: Registry[Name] & { tokens: ClientRouteToken[] } }

export declare const routes: Routes

export declare const registry: { routes: Routes; $tree: ApiDefinition }

declare module '@tuyau/core/types' {
  export interface UserRegistry {
    routes: Routes
    $tree: ApiDefinition
  }
}
`
)

/*
 * The same for the shapes: `data.d.ts` and the transformers' declarations
 * above are written anew on every run, but `tsc --build` never looks at
 * them (they are not in the inertia/ project's `include`, only imported),
 * so a page reading a field a transformer no longer sends would pass as
 * long as no file of inertia/ changed. `stamp.d.ts`, in that `include`,
 * holds a hash of every declaration here and is written only when one
 * changed: the next build then checks the pages again against them.
 */
const serverOut = join(root, 'tmp/tsc/server')
const hash = createHash('sha256')
for (const file of readdirSync(serverOut, { recursive: true }).map(String).sort()) {
  if (!file.endsWith('.d.ts') || file === 'stamp.d.ts') continue
  hash.update(file).update('\0').update(readFileSync(join(serverOut, file))).update('\0')
}
writeIfChanged(
  join(serverOut, 'stamp.d.ts'),
  `/* The server declarations' hash (scripts/server_declarations.mjs). */\n// ${hash.digest('hex')}\nexport {}\n`
)
