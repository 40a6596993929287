import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'
import { hooks } from '@adonisjs/core/app'

/**
 * Assembler hook (`node ace build`): emits the server declarations the
 * client's `Data.*` types come from, then compiles the declarations of the
 * `inertia/` project (tsc --build inertia/tsconfig.json, into tmp/tsc/)
 * before the build's own tsc runs. The root project references it, so the
 * types of the pages (.adonisjs/server/pages.d.ts, the props check of
 * `inertia.render`) are read from those declarations: see docs/architecture.md.
 * Type errors are printed and left to the build's tsc to judge, so
 * `--ignore-ts-errors` still builds.
 */
export default hooks.buildStarting(async (parent) => {
  parent.ui.logger.info('compiling inertia/ declarations', { suffix: 'tsc --build' })
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  try {
    // The declarations `inertia/` reads `Data.*` from (scripts/server_declarations.mjs).
    await promisify(execFile)(process.execPath, ['scripts/server_declarations.mjs'], {
      cwd: parent.cwdPath,
    })
    await promisify(execFile)(process.execPath, [tsc, '--build', 'inertia/tsconfig.json'], {
      cwd: parent.cwdPath,
    })
  } catch (error) {
    parent.ui.logger.warning(String((error as { stdout?: string }).stdout || error))
  }
})
