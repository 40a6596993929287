import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/**
 * Server HTML reaches the page in exactly one place: the post body
 * component, which renders HTML sanitised on the server. Any other
 * `dangerouslySetInnerHTML` in the client is a review failure.
 */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourceFiles(path)
      return Promise.resolve(/\.(tsx?|jsx?)$/.test(entry.name) ? [path] : [])
    })
  )
  return nested.flat()
}

test.group('Feeds / the one place that renders server HTML', () => {
  test('only inertia/components/posts/post_body.tsx uses dangerouslySetInnerHTML', async ({
    assert,
  }) => {
    const root = app.makePath('inertia')
    const offenders: string[] = []
    for (const file of await sourceFiles(root)) {
      const text = await readFile(file, 'utf8')
      if (text.includes('dangerouslySetInnerHTML')) offenders.push(relative(app.makePath(), file))
    }
    assert.deepEqual(offenders, ['inertia/components/posts/post_body.tsx'])
  })
})
