// `npm run bench:first-load`: the JavaScript + CSS a browser downloads to
// show a page for the first time, from the production build's Vite manifest
// (issue 18 §4's budget: ≤ 150 KB gzip for Login and Home). For each page:
// the app entry, the page's chunk, every chunk they import statically (the
// modulepreload set) and their CSS, in bytes raw / gzip / brotli, from the
// precompressed files the build writes beside each asset.
//
//   npm run bench:first-load [-- --pages Auth/Login,Home] [--build build/public/build]
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: 'Auth/Login,Home' },
    build: { type: 'string', default: 'build/public/build' },
  },
})

const folder = join(ROOT, args.build)
const manifestFile = join(folder, '.vite', 'manifest.json')
if (!existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}: run \`npm run build\` first.`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))

/** Every file a page needs before it renders: static imports, transitively, and CSS. */
function closure(keys) {
  const files = new Set()
  const seen = new Set()
  const visit = (key) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the manifest`)
    files.add(chunk.file)
    for (const css of chunk.css ?? []) files.add(css)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  keys.forEach(visit)
  return [...files]
}

/** Size of a file as sent: its precompressed copy when there is one, else compressed now. */
function sizes(file) {
  const path = join(folder, file)
  const raw = readFileSync(path)
  const gzip = existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(raw, { level: 9 }).length
  const br = existsSync(`${path}.br`)
    ? statSync(`${path}.br`).size
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  return { raw: raw.length, gzip, br }
}

const kb = (bytes) => (bytes / 1024).toFixed(1)
const rows = []
for (const page of args.pages.split(',')) {
  const files = closure(['inertia/app.tsx', `inertia/pages/${page}.tsx`])
  const total = { raw: 0, gzip: 0, br: 0 }
  for (const file of files) {
    const size = sizes(file)
    total.raw += size.raw
    total.gzip += size.gzip
    total.br += size.br
  }
  rows.push({ page, files: files.length, ...total })
}

console.log('| Page | Files | Raw KB | gzip KB | brotli KB |')
console.log('|---|---|---|---|---|')
for (const row of rows) {
  console.log(`| ${row.page} | ${row.files} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.br)} |`)
}
