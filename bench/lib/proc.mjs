// Child processes for the benchmarks: one-shot commands, pinned servers
// (taskset when available), waiting for a port, and killing what we started.
import { spawn, spawnSync } from 'node:child_process'
import { writeFileSync, openSync } from 'node:fs'

export const hasTaskset = spawnSync('taskset', ['-c', '0', 'true']).status === 0

/** argv prefixed with `taskset -c <core>` when taskset exists. */
export function pinned(core, command, args) {
  return hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args]
}

export function run(command, args, { cwd, env, quiet = false, core } = {}) {
  const [cmd, argv] = core === undefined ? [command, args] : pinned(core, command, args)
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd,
      env: env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c) => {
      out += c
      if (!quiet) process.stdout.write(c)
    })
    child.stderr.on('data', (c) => {
      err += c
      if (!quiet) process.stderr.write(c)
    })
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(out)
      else
        reject(
          new Error(
            `${command} ${argv.join(' ')} failed (${signal ?? code}):\n${(err || out).slice(-3000)}`
          )
        )
    })
  })
}

const started = new Set()
function cleanup() {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill('SIGKILL')
      } catch {}
    }
  }
}
process.on('exit', cleanup)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    cleanup()
    process.exit(130)
  })
}

/**
 * Starts a long-running server pinned to `core`, logging to `logFile`,
 * and waits until `url` answers (any status). Returns { child, stop, pid }.
 */
export async function startServer({
  command = process.execPath,
  args,
  cwd,
  env,
  core = 0,
  url,
  logFile,
  timeoutMs = 60_000,
}) {
  const fd = openSync(logFile, 'w')
  const [cmd, argv] = pinned(core, command, args)
  const child = spawn(cmd, argv, { cwd, env: env ?? process.env, stdio: ['ignore', fd, fd] })
  started.add(child)
  const deadline = Date.now() + timeoutMs
  while (true) {
    if (child.exitCode !== null)
      throw new Error(`server ${args.join(' ')} exited (${child.exitCode}); see ${logFile}`)
    try {
      await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(2000) })
      break
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL')
        throw new Error(`server did not answer ${url} within ${timeoutMs} ms; see ${logFile}`)
      }
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
    await exited
    clearTimeout(timer)
    started.delete(child)
  }
  return { child, pid: child.pid, stop }
}

/** CPU idle % over `seconds` from vmstat (null if vmstat is missing). */
export function idlePercent(seconds = 3) {
  const res = spawnSync('vmstat', ['1', String(seconds)], { encoding: 'utf8' })
  if (res.status !== 0) return null
  const lines = res.stdout.trim().split('\n').slice(3) // skip headers + the since-boot line
  const header = res.stdout.split('\n')[1].trim().split(/\s+/)
  const idx = header.indexOf('id')
  const ids = lines.map((l) => Number(l.trim().split(/\s+/)[idx])).filter((n) => !Number.isNaN(n))
  return ids.length ? ids.reduce((a, b) => a + b, 0) / ids.length : null
}

/** The busiest other processes right now (ps), for the machine-conditions note. */
export function busyProcesses(limit = 5) {
  const res = spawnSync('ps', ['-eo', 'pcpu,comm,args', '--sort=-pcpu'], { encoding: 'utf8' })
  if (res.status !== 0) return []
  return res.stdout
    .trim()
    .split('\n')
    .slice(1, 1 + limit)
    .map((l) => l.trim().slice(0, 100))
}

export function writeFile(path, content) {
  writeFileSync(path, content)
  return path
}
