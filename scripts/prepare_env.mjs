// Creates .env from .env.example with a fresh APP_KEY when it is missing,
// and fills an empty APP_KEY in an existing .env. Safe to run repeatedly.
import { existsSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'

const root = new URL('../', import.meta.url)
const envFile = new URL('.env', root)

if (!existsSync(envFile)) {
  copyFileSync(new URL('.env.example', root), envFile)
  console.log('Created .env from .env.example')
}

const content = readFileSync(envFile, 'utf8')
if (/^APP_KEY=\s*$/m.test(content) || !/^APP_KEY=/m.test(content)) {
  const key = randomBytes(32).toString('base64url')
  const next = /^APP_KEY=/m.test(content)
    ? content.replace(/^APP_KEY=\s*$/m, `APP_KEY=${key}`)
    : `${content.trimEnd()}\nAPP_KEY=${key}\n`
  writeFileSync(envFile, next)
  console.log('Generated a new APP_KEY in .env')
}
