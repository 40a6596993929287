// `npm test`: every suite (unit, functional, browser) on a fresh database,
// then one plain line `N passed, N failed` from Japa's own counts.
//
//   npm test                         all suites
//   npm test -- functional           one suite (any `node ace test` arguments)
//   npm test -- --files tests/functional/security/headers.spec.ts
//   npm run test:cluster             the cluster test (`--cluster`; skipped in other runs)
//
// Environment:
//   CHROMIUM_PATH     Chromium for the browser suite (default /usr/bin/chromium)
//   REQUIRE_BROWSER=1 a missing Chromium fails the run instead of skipping the
//                     browser suite (CI sets it)
//   DB_CONNECTION=pg + PG_URL, REDIS_URL: run against PostgreSQL / Redis
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { freePort } from './lib/free_port.mjs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const SUITES = ['unit', 'functional', 'browser']

const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Huddle's tests need Node.js 24 or newer (this is ${process.versions.node}): run them with \`npm test\`.`
  )
  process.exit(1)
}

/** Japa's closing "Tests  3 passed, 1 failed (4)" line, colours stripped. */
function parseJapaSummary(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '')
  const lines = plain.split(/\r?\n/).filter((line) => /^\s*Tests\s+.*\(\d+\)\s*$/.test(line))
  if (lines.length === 0) return null
  const line = lines[lines.length - 1]
  const count = (word) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0)
  return {
    passed: count('passed'),
    failed: count('failed'),
    skipped: count('skipped'),
    todo: count('todo'),
    total: Number(line.match(/\((\d+)\)\s*$/)[1]),
  }
}

async function main() {
  // `--cluster` (npm run test:cluster): the cluster test runs; in any other
  // run it is skipped, as it has a step of its own in CI.
  const cluster = process.argv.includes('--cluster')
  const args = process.argv.slice(2).filter((arg) => arg !== '--cluster')
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
  const requireBrowser = process.env.REQUIRE_BROWSER === '1'
  const hasBrowser = existsSync(chromium)
  const requested = args.filter((arg) => SUITES.includes(arg))
  const wantsBrowser = requested.length === 0 || requested.includes('browser')

  if (wantsBrowser && !hasBrowser) {
    if (requireBrowser) {
      console.error(
        `REQUIRE_BROWSER=1 but no Chromium at ${chromium}. Install it (\`apt-get install -y chromium\`) or set CHROMIUM_PATH.`
      )
      process.exit(1)
    }
    console.warn(
      `\nNotice: skipping the browser suite: no Chromium at ${chromium}.\n` +
        `Install it with \`apt-get install -y chromium\` (Debian/Ubuntu) or point CHROMIUM_PATH at a Chromium/Chrome binary.\n`
    )
  }

  await new Promise((resolve, reject) =>
    spawn(process.execPath, ['scripts/prepare_env.mjs'], { cwd: ROOT, stdio: 'inherit' })
      .on('exit', (code) => (code === 0 ? resolve() : reject(new Error('prepare_env failed'))))
      .on('error', reject)
  )

  let testArgs = args
  if (wantsBrowser && !hasBrowser) {
    const suites = (requested.length ? requested : SUITES).filter((suite) => suite !== 'browser')
    if (suites.length === 0) {
      console.log('0 passed, 0 failed')
      return
    }
    testArgs = [...suites, ...args.filter((arg) => !SUITES.includes(arg))]
  }

  // A database of its own for this run (SQLite), deleted afterwards.
  mkdirSync(join(ROOT, 'tmp'), { recursive: true })
  const dbFile = join(ROOT, 'tmp', `test-${process.pid}.sqlite`)
  const port = process.env.PORT ?? String(await freePort())
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    ...(cluster ? { CLUSTER_TEST: '1' } : {}),
    DATABASE_PATH: process.env.DATABASE_PATH ?? dbFile,
    PORT: port,
    HOST: process.env.HOST ?? 'localhost',
    // Links in mails (verification, reset) must point at this run's server.
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    VITE_HMR_PORT: process.env.VITE_HMR_PORT ?? String(await freePort()),
    CHROMIUM_PATH: chromium,
    FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'),
  }

  let output = ''
  const child = spawn(process.execPath, ['ace', 'test', ...testArgs], {
    cwd: ROOT,
    env,
    stdio: ['inherit', 'pipe', 'pipe'],
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.stdout.on('data', (chunk) => {
    output += chunk
    process.stdout.write(chunk)
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
    process.stderr.write(chunk)
  })
  const code = await new Promise((resolve) =>
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)))
  )

  for (const suffix of ['', '-wal', '-shm', '-journal'])
    rmSync(`${dbFile}${suffix}`, { force: true })

  const summary = parseJapaSummary(output)
  if (!summary) {
    console.log(
      `\nJapa printed no summary (exit code ${code}): the runner failed before or outside the tests.`
    )
    console.log('0 passed, 0 failed')
    process.exit(code || 1)
  }
  if (summary.skipped || summary.todo)
    console.log(`\n(${summary.skipped} skipped, ${summary.todo} todo)`)
  if (code !== 0 && summary.failed === 0) {
    console.log(
      `\nJapa exited with code ${code} although no test failed: a setup/teardown hook failed (see above).`
    )
  }
  console.log(`\n${summary.passed} passed, ${summary.failed} failed`)
  process.exit(code !== 0 ? code : summary.failed > 0 ? 1 : 0)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
