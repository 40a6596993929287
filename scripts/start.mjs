// `npm start`: the newcomer's command. Prepares .env, builds the production
// bundle when the sources changed, migrates the database, seeds the demo
// team (outside production) and runs the built server.
//
// Plain Node ESM, no dependencies: npm puts node_modules/.bin first on PATH,
// so this runs on the Node 24 that `npm install` brings on linux-x64.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  lstatSync,
  writeFileSync,
} from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { exposureWarning } from './loopback.mjs'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
// The folder of .env: the project root, unless ENV_PATH (AdonisJS's own
// variable) names another, as the `npm start` end-to-end test does.
const ENV_DIR = process.env.ENV_PATH ? resolve(process.env.ENV_PATH) : ROOT
const BUILD = join(ROOT, 'build')
const STAMP = join(BUILD, '.source-hash')

const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  console.error(
    `Huddle needs Node.js 24 or newer; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      'On Linux x64, `npm install` installs Node 24 into node_modules/.bin: start with `npm start`, not `node scripts/start.mjs`.\n' +
      'On macOS, Windows or ARM, install Node.js 24 (https://nodejs.org) and run `npm install && npm start` again.'
  )
  process.exit(1)
}

/** The child process running now, so Ctrl-C reaches it. */
let current = null
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true
    if (current && current.exitCode === null) current.kill(signal)
    else process.exit(130)
  })
}

function run(args, { env = {}, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    current = child
    let output = ''
    child.stdout?.on('data', (chunk) => (output += chunk))
    child.stderr?.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      current = null
      if (stopping) process.exit(130)
      if (code === 0) resolve(output)
      else {
        if (quiet) process.stderr.write(output)
        reject(new Error(`\`node ${args.join(' ')}\` failed (${signal ?? `exit code ${code}`})`))
      }
    })
  })
}

/** KEY=value pairs of a dotenv file (no interpolation: only what this script needs). */
function readEnvFile(file) {
  const values = {}
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/)
    if (match) values[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2')
  }
  return values
}

// Everything the production build is made of. A content hash (not mtimes:
// a fresh clone gives every file the same mtime) decides whether to rebuild.
const SOURCE_DIRS = [
  'app',
  'bin',
  'commands',
  'config',
  'database',
  'inertia',
  'providers',
  'public',
  'resources',
  'start',
]
const SOURCE_FILES = [
  'ace.js',
  'adonisrc.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.declarations.json',
  'vite.config.ts',
]
const SKIP = /(^|\/)(node_modules|build)(\/|$)|\.(sqlite|sqlite-wal|sqlite-shm)$/

function sourceHash() {
  const hash = createHash('sha256')
  const visit = (path) => {
    if (!existsSync(path)) return
    const rel = relative(ROOT, path)
    if (SKIP.test(rel)) return
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry))
    } else {
      hash.update(rel).update('\0').update(readFileSync(path)).update('\0')
    }
  }
  for (const entry of [...SOURCE_DIRS, ...SOURCE_FILES]) visit(join(ROOT, entry))
  return hash.digest('hex')
}

async function buildIfStale() {
  const hash = sourceHash()
  const built =
    existsSync(join(BUILD, 'bin/server.js')) &&
    existsSync(join(ROOT, 'public/build/.vite/manifest.json')) &&
    existsSync(STAMP) &&
    readFileSync(STAMP, 'utf8').trim() === hash
  if (built) {
    console.log('Production build is up to date (build/).')
  } else {
    console.log('Building the production bundle (node ace build, about a minute)…')
    const started = Date.now()
    // Regenerate .adonisjs/ (route and page types) from the sources first:
    // the build typechecks against them. Output only on failure: the build's
    // own closing advice (`cd build && npm ci`) does not apply here.
    await run(['ace', 'codegen'], { quiet: true })
    await run(['ace', 'build'], { quiet: true })
    console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`)
  }
  // The build has its own package.json; instead of a second `npm ci` inside
  // build/, it uses the project's node_modules through a symlink.
  const link = join(BUILD, 'node_modules')
  let linked = false
  try {
    linked = lstatSync(link).isSymbolicLink()
  } catch {}
  if (!linked) symlinkSync('../node_modules', link, 'dir')
  writeFileSync(STAMP, `${hash}\n`)
}

async function main() {
  await run(['scripts/prepare_env.mjs'])
  const fileEnv = readEnvFile(join(ENV_DIR, '.env'))
  const setting = (key, fallback) => process.env[key] ?? fileEnv[key] ?? fallback
  const nodeEnv = setting('NODE_ENV', 'development')

  await buildIfStale()

  // build/ reads the project's .env; relative paths (DATABASE_PATH) resolve
  // from the project root, the working directory of every step.
  const env = { ENV_PATH: ENV_DIR, NODE_ENV: nodeEnv }

  console.log('Migrating the database…')
  await run(
    ['build/ace.js', 'migration:run', '--force', '--no-schema-generate', '--compact-output'],
    { env }
  )

  const seedDemo = setting('SEED_DEMO', 'true') !== 'false'
  const demo = nodeEnv !== 'production' && seedDemo
  if (demo) {
    // Idempotent: the seeder does nothing once the database has users.
    await run(['build/ace.js', 'db:seed', '--files', 'database/seeders/demo_seeder'], {
      env,
      quiet: true,
    })
  }

  const server = spawn(process.execPath, ['build/bin/server.js'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  })
  current = server
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)))

  const url = setting('APP_URL', `http://localhost:${setting('PORT', '3333')}`)
  const host = setting('HOST', 'localhost').replace(/^0\.0\.0\.0$|^::$/, '127.0.0.1')
  const local = `http://${host.includes(':') ? `[${host}]` : host}:${setting('PORT', '3333')}/`
  for (let i = 0; i < 100 && server.exitCode === null; i++) {
    try {
      await fetch(local, { redirect: 'manual' })
      break
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
  if (server.exitCode !== null) return

  const lines = [``, `Huddle is running at ${url} (NODE_ENV=${nodeEnv}). Press Ctrl-C to stop.`]
  if (demo) {
    lines.push(
      ``,
      `Demo team "Huddle Demo" (created on the first start; every password: huddle-demo)`,
      `  admin@huddle.test   admin (username: admin)`,
      `  ana@huddle.test     member    (also ben@, cara@, dan@, eli@huddle.test)`,
      `  eve@example.com     external, waiting for approval`,
      ``,
      `Mails are not sent while SMTP_HOST is unset: read them at ${url.replace(/\/$/, '')}/dev/outbox`
    )
  }
  console.log(lines.join('\n') + '\n')
  // Loud, last, on stderr: a development server other machines can reach.
  const warning = exposureWarning({
    nodeEnv,
    host: setting('HOST', 'localhost'),
    port: setting('PORT', '3333'),
  })
  if (warning) console.error(`\n${warning}\n`)
}

main().catch((error) => {
  console.error(`\nnpm start failed: ${error.message}`)
  process.exit(1)
})
