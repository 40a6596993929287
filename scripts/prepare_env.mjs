// Creates .env from .env.example with a fresh APP_KEY when it is missing,
// and fills an empty APP_KEY in an existing .env; the same for the realtime
// credentials (REVERB_APP_ID, REVERB_APP_KEY, REVERB_APP_SECRET) and the Web
// Push key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY). Safe to run repeatedly.
import { existsSync, readFileSync, writeFileSync, copyFileSync } from 'node:fs'
import { createECDH, randomBytes, randomInt } from 'node:crypto'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = new URL('../', import.meta.url)
// ENV_PATH (AdonisJS's own variable: the folder holding .env) lets a
// throw-away run keep its .env elsewhere (scripts/e2e_start.mjs).
const envFile = process.env.ENV_PATH
  ? pathToFileURL(join(resolve(process.env.ENV_PATH), '.env'))
  : new URL('.env', root)

if (!existsSync(envFile)) {
  copyFileSync(new URL('.env.example', root), envFile)
  console.log('Created .env from .env.example')
}

/** Sets `name` in .env when it is missing or empty (a value from the process environment wins). */
function fill(name, generate) {
  if (process.env[name]) return
  const content = readFileSync(envFile, 'utf8')
  const empty = new RegExp(`^${name}=\\s*$`, 'm')
  const present = new RegExp(`^${name}=`, 'm')
  if (present.test(content) && !empty.test(content)) return
  const value = generate()
  const next = present.test(content)
    ? content.replace(empty, `${name}=${value}`)
    : `${content.trimEnd()}\n${name}=${value}\n`
  writeFileSync(envFile, next)
  console.log(`Generated a new ${name} in .env`)
}

fill('APP_KEY', () => randomBytes(32).toString('base64url'))
fill('REVERB_APP_ID', () => String(100000 + randomInt(900000)))
fill('REVERB_APP_KEY', () => randomBytes(15).toString('hex'))
fill('REVERB_APP_SECRET', () => randomBytes(24).toString('hex'))

// Web Push (VAPID, RFC 8292): one P-256 key pair, both halves or neither.
const vapid = (() => {
  const curve = createECDH('prime256v1')
  curve.generateKeys()
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    // A private key with leading zero bytes comes back shorter: pad it to 32.
    privateKey: Buffer.concat([Buffer.alloc(32), curve.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
  }
})()
const current = readFileSync(envFile, 'utf8')
const hasValue = (name) =>
  Boolean(process.env[name]) || new RegExp(`^${name}=\\S`, 'm').test(current)
if (!hasValue('VAPID_PUBLIC_KEY') && !hasValue('VAPID_PRIVATE_KEY')) {
  fill('VAPID_PUBLIC_KEY', () => vapid.publicKey)
  fill('VAPID_PRIVATE_KEY', () => vapid.privateKey)
}
