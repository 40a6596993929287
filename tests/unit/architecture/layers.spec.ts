import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/**
 * No app/ file imports upward (docs/architecture.md "Where code goes").
 * `npm run lint:deps` (dependency-cruiser) holds the same rules and the
 * import cycles; this test keeps them in `npm test` too, and names the
 * offending import.
 */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourceFiles(path)
      return Promise.resolve(/\.tsx?$/.test(entry.name) ? [path] : [])
    })
  )
  return nested.flat()
}

/** Every `#alias/…` a file imports (static, type-only or dynamic). */
const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)'(#[^']+)'/g

/** "app/models/post.ts imports #queries/…" for each import of `folder` that `allowed` refuses. */
async function upwardImports(folder: string, allowed: (specifier: string) => boolean) {
  const offenders: string[] = []
  for (const file of await sourceFiles(app.makePath('app', folder))) {
    const text = await readFile(file, 'utf8')
    for (const [, specifier] of text.matchAll(IMPORT)) {
      if (!allowed(specifier))
        offenders.push(`${relative(app.makePath(), file)} imports ${specifier}`)
    }
  }
  return offenders
}

test.group('Architecture / no layer imports upward', () => {
  test('a model imports only models, enums and services/db', async ({ assert }) => {
    const offenders = await upwardImports('models', (specifier) =>
      /^#(models|enums)\/|^#services\/db\//.test(specifier)
    )
    assert.deepEqual(offenders, [])
  })

  test('services, validators, queries, transformers and policies import no action or controller', async ({
    assert,
  }) => {
    const offenders: string[] = []
    for (const folder of ['services', 'validators', 'queries', 'transformers', 'policies']) {
      offenders.push(
        ...(await upwardImports(
          folder,
          (specifier) => !/^#(actions|controllers)\//.test(specifier)
        ))
      )
    }
    assert.deepEqual(offenders, [])
  })

  test('an action imports no controller; a controller no other controller', async ({ assert }) => {
    const notAController = (specifier: string) => !specifier.startsWith('#controllers/')
    assert.deepEqual(await upwardImports('actions', notAController), [])
    assert.deepEqual(await upwardImports('controllers', notAController), [])
  })
})
