// `npm run bench:first-load`: the JavaScript + CSS a browser downloads to
// show a page for the first time, from the production build's Vite manifest
// (issue 18 §4's budget: ≤ 150 KB gzip for Login and Home). For each page:
// the app entry, the page's chunk, the chunk of the shell it is shown in
// (inertia/layouts/*_layout.tsx, fetched beside the page: guest for Login,
// member for Home), every chunk they import statically (the modulepreload
// set) and their CSS, in bytes raw / gzip / brotli, from the precompressed
// files the build writes beside each asset. What a page fetches later (the
// realtime client once signed in, Radix's menus and dialogs at idle, the
// toasts, the editor) is listed apart, under "later".
//
//   npm run bench:first-load [-- --pages Auth/Login:guest,Home:member]
//                            [--build build/public/build] [--json] [--budget 150]
//
// Exits 1 when a page's gzip total is over the budget (KB).
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: 'Auth/Login:guest,Home:member' },
    build: { type: 'string', default: 'build/public/build' },
    json: { type: 'boolean', default: false },
    budget: { type: 'string', default: '150' },
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
  const gzip = existsSync(`${path}.gz`)
    ? statSync(`${path}.gz`).size
    : gzipSync(raw, { level: 9 }).length
  const br = existsSync(`${path}.br`)
    ? statSync(`${path}.br`).size
    : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length
  return { raw: raw.length, gzip, br }
}

/** Every chunk the first-load set imports dynamically (fetched later), with its own static imports. */
function later(keys, first) {
  const files = new Set()
  const visit = (key) => {
    const chunk = manifest[key]
    for (const dynamic of chunk.dynamicImports ?? []) {
      // The pages and shells are chosen by name, not fetched by every page.
      if (/^inertia\/(pages|layouts)\//.test(dynamic)) continue
      for (const file of closure([dynamic])) if (!first.has(file)) files.add(file)
    }
  }
  keys.forEach(visit)
  return [...files]
}

const sum = (files) =>
  files.map(sizes).reduce(
    (total, size) => ({
      raw: total.raw + size.raw,
      gzip: total.gzip + size.gzip,
      br: total.br + size.br,
    }),
    { raw: 0, gzip: 0, br: 0 }
  )

const kb = (bytes) => (bytes / 1024).toFixed(1)
const budget = Number(args.budget) * 1024
const rows = []
for (const spec of args.pages.split(',')) {
  const [page, shell] = spec.split(':')
  const keys = ['inertia/app.tsx', `inertia/pages/${page}.tsx`]
  const layout = `inertia/layouts/${shell}_layout.tsx`
  if (shell && manifest[layout]) keys.push(layout)
  const files = closure(keys)
  const laterFiles = later(
    [
      ...new Set(files.map((file) => Object.keys(manifest).find((k) => manifest[k].file === file))),
    ].filter(Boolean),
    new Set(files)
  )
  rows.push({
    page,
    shell: shell ?? '',
    files: files.length,
    ...sum(files),
    js: sum(files.filter((file) => file.endsWith('.js'))).gzip,
    css: sum(files.filter((file) => file.endsWith('.css'))).gzip,
    later: sum(laterFiles).gzip,
    largest: files
      .map((file) => ({ file, gzip: sizes(file).gzip }))
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 3),
  })
}

if (args.json) {
  console.log(JSON.stringify({ budgetKb: Number(args.budget), pages: rows }, null, 2))
} else {
  console.log(
    '| Page | Shell | Files | Raw KB | gzip KB (JS + CSS) | brotli KB | Largest (gzip KB) | Later, gzip KB |'
  )
  console.log('|---|---|---|---|---|---|---|---|')
  for (const row of rows) {
    const largest = row.largest.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')
    console.log(
      `| ${row.page} | ${row.shell} | ${row.files} | ${kb(row.raw)} | **${kb(row.gzip)}** (${kb(row.js)} + ${kb(row.css)}) | ${kb(row.br)} | ${largest} | ${kb(row.later)} |`
    )
  }
  console.log(`\nBudget: ≤ ${args.budget} KB gzip per page (issue 18 §4).`)
}
const over = rows.filter((row) => row.gzip > budget)
if (over.length) {
  console.error(`Over the ${args.budget} KB budget: ${over.map((row) => row.page).join(', ')}`)
  process.exitCode = 1
}
