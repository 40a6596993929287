import { spawn } from 'node:child_process'
import { BackupError, EXIT } from '#services/backup/manifest'

/**
 * The PostgreSQL client programs (pg_dump, pg_restore, psql) with the
 * connection taken from PG_URL through libpq's own variables, so the
 * password never shows on a command line (ps).
 */
export function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new BackupError('PG_URL is not a valid postgres:// URL.', EXIT.failed)
  }
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const key of Object.keys(env)) if (key.startsWith('PG')) delete env[key]
  if (parsed.hostname) env.PGHOST = decodeURIComponent(parsed.hostname.replace(/^\[|\]$/g, ''))
  if (parsed.port) env.PGPORT = parsed.port
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username)
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password)
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  if (database) env.PGDATABASE = database
  const sslmode = parsed.searchParams.get('sslmode')
  if (sslmode) env.PGSSLMODE = sslmode
  return env
}

const INSTALL_HINT =
  'Install the PostgreSQL client programs of the server’s major version or newer (Debian: apt-get install postgresql-client).'

/** Runs one of the PostgreSQL programs; its stderr becomes the error's message. */
export function runTool(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let child
    try {
      child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    } catch (error) {
      reject(error)
      return
    }
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new BackupError(`${program} was not found on PATH. ${INSTALL_HINT}`, EXIT.missingTool)
        )
      } else {
        reject(error)
      }
    })
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr })
      else
        reject(
          new BackupError(
            `${program} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`,
            /server version mismatch/i.test(stderr) ? EXIT.missingTool : EXIT.failed
          )
        )
    })
  })
}
