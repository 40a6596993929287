import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { notBlockedPairSql } from '#queries/people/blocked_pair'

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return sourceFiles(path)
      return Promise.resolve(entry.name.endsWith('.ts') ? [path] : [])
    })
  )
  return nested.flat()
}

/**
 * "Either blocked the other" is written once, in
 * app/queries/people/blocked_pair.ts; every other query asks it there.
 * Besides it, only the writes (blocking, unblocking) and the list of the
 * people the viewer blocked (one direction, on purpose) name the
 * `blocks` columns.
 */
test.group('People / the one blocked-pair rule', () => {
  test('no file under app/ but the rule and the one-way uses names blocker_id', async ({
    assert,
  }) => {
    const offenders: string[] = []
    for (const file of await sourceFiles(app.makePath('app'))) {
      const text = await readFile(file, 'utf8')
      if (text.includes('blocker_id')) offenders.push(relative(app.makePath(), file))
    }
    assert.sameMembers(offenders, [
      'app/queries/people/blocked_pair.ts',
      'app/actions/people/block_person.ts',
      'app/actions/people/unblock_person.ts',
      'app/queries/people/profiles.ts',
    ])
  })

  test('the SQL form: two primary-key probes, one per direction; names only', ({ assert }) => {
    assert.equal(
      notBlockedPairSql('?', 'users.id').replace(/\s+/g, ' '),
      'NOT EXISTS (SELECT 1 FROM blocks AS vb WHERE vb.blocker_id = ? AND vb.blocked_id = users.id)' +
        ' AND NOT EXISTS (SELECT 1 FROM blocks AS vb2 WHERE vb2.blocker_id = users.id AND vb2.blocked_id = ?)'
    )
    assert.throws(() => notBlockedPairSql('?', 'users.id; DROP TABLE blocks'), /Not a column name/)
  })
})
