import { defineConfig } from '@adonisjs/static'

/**
 * Files in public/ (the production build puts hashed assets under
 * public/build/). Hashed files get a one-year immutable cache; everything
 * else is revalidated with its ETag.
 */
const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  dotFiles: 'ignore',
  headers: (path) => {
    // Vite names built files "<name>-<8-char hash>.<ext>" under public/build/;
    // the build writes their precompressed copies as "<that>.br" / "<that>.gz".
    if (/\/build\/(?:.+\/)?[^/]+-[\w-]{8}\.\w+(?:\.br|\.gz)?$/.test(path)) {
      return { 'Cache-Control': 'public, max-age=31536000, immutable' }
    }
    return { 'Cache-Control': 'public, max-age=0, must-revalidate' }
  },
})

export default staticServerConfig
