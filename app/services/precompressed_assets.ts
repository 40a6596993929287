import { readdirSync } from 'node:fs'
import { extname, join, relative, sep } from 'node:path'

/**
 * Built assets are compressed once, at build time (vite.config.ts writes a
 * `.br` and a `.gz` beside every text asset of public/build/), and served
 * by the static middleware instead of the original when the browser
 * accepts them. Nothing is compressed per request for them.
 */
export const PRECOMPRESSED_ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const

export type AssetEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number]['encoding']

/** The media type of an original, by extension: the text types the build compresses. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

export function contentTypeOf(path: string): string | undefined {
  return TYPES[extname(path)]
}

/**
 * The encodings a request accepts, in our order of preference, from its
 * Accept-Encoding header (`q=0` refuses one).
 */
export function acceptedEncodings(header: string | undefined): AssetEncoding[] {
  if (!header) return []
  const accepted = new Set<string>()
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (q && Number(q.slice(2)) === 0) continue
    accepted.add(name.trim())
  }
  return PRECOMPRESSED_ENCODINGS.filter(
    ({ encoding }) => accepted.has(encoding) || accepted.has('*')
  ).map(({ encoding }) => encoding)
}

/**
 * Which URL paths under /build/ have which precompressed variants, read
 * once from disk: the build does not change while the server runs (npm
 * start rebuilds before it starts the server). Unknown paths are never
 * looked up on disk, so random /build/ URLs cost nothing.
 */
export class PrecompressedAssets {
  #variants: Map<string, Set<AssetEncoding>> | null = null

  constructor(
    private publicPath: string,
    private urlPrefix = '/build/'
  ) {}

  variantsOf(urlPath: string): Set<AssetEncoding> | undefined {
    this.#variants ??= this.#scan()
    return this.#variants.get(urlPath)
  }

  /** Read the folder again on next use (after a rebuild in tests). */
  forget() {
    this.#variants = null
  }

  #scan() {
    const variants = new Map<string, Set<AssetEncoding>>()
    const folder = join(this.publicPath, this.urlPrefix)
    let files: string[]
    try {
      files = readdirSync(folder, { recursive: true }) as string[]
    } catch {
      return variants
    }
    for (const file of files) {
      for (const { encoding, suffix } of PRECOMPRESSED_ENCODINGS) {
        if (!file.endsWith(suffix)) continue
        const original = file.slice(0, -suffix.length)
        if (!contentTypeOf(original)) continue
        const url = this.urlPrefix + relative(folder, join(folder, original)).split(sep).join('/')
        if (!variants.has(url)) variants.set(url, new Set())
        variants.get(url)!.add(encoding)
      }
    }
    return variants
  }
}
