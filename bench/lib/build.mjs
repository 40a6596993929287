// The production bundle for the benchmarks: `npm run build`'s steps, then a
// private copy in tmp/bench-build (other people running `npm start` rebuild
// build/ under our feet otherwise), using the project's node_modules.
import { cpSync, existsSync, rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { run } from './proc.mjs'

export async function buildApp({ root, buildDir, skip = false, log }) {
  if (skip && existsSync(join(buildDir, 'bin/server.js'))) {
    log(`Reusing the production bundle in ${buildDir} (--skip-build).`)
    return
  }
  log('Building the production bundle (npm run build)…')
  await run(process.execPath, ['scripts/prepare_env.mjs'], { cwd: root, quiet: true })
  await run(process.execPath, ['ace', 'codegen'], { cwd: root, quiet: true })
  try {
    await run(process.execPath, ['ace', 'build'], { cwd: root, quiet: true })
  } catch (error) {
    // Several people edit this tree at once: a half-finished file elsewhere
    // must not stop the benchmark (the bundle is still the tree's code).
    if (!/TypeScript errors/.test(error.message)) throw error
    log('The tree has TypeScript errors right now; building with --ignore-ts-errors.')
    await run(process.execPath, ['ace', 'build', '--ignore-ts-errors'], { cwd: root, quiet: true })
  }
  rmSync(buildDir, { recursive: true, force: true })
  cpSync(join(root, 'build'), buildDir, {
    recursive: true,
    filter: (src) => !src.endsWith('/node_modules'),
  })
  symlinkSync('../../node_modules', join(buildDir, 'node_modules'), 'dir')
}

/** The environment the benchmarks start the production bundle with (BENCHMARKS.md §3.2). */
export function productionEnv({ root, buildDir }, extra = {}) {
  return {
    ...process.env,
    ENV_PATH: root,
    BUILD_DIR: buildDir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SESSION_DRIVER: 'database',
    ...extra,
  }
}
