import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'

/**
 * docs/architecture.md "Where code goes": no app/ file imports upward
 * (`npm run lint:deps`, dependency-cruiser, holds the same rules and the
 * import cycles; this test keeps them in `npm test` too, and names the
 * offending import), and app/actions/ holds actions only.
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

/**
 * What an action file exports that an action may not: it exports one
 * default class with a `handle` method, and types (`type`, `interface`:
 * its input, its outcome); a function, a constant, another class or a
 * re-export is named here ("exports function notify").
 */
function actionFileProblems(fileName: string, text: string) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const problems: string[] = []
  let actions = 0
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) {
      problems.push('exports a default that is not a class declaration')
      continue
    }
    if (ts.isExportDeclaration(statement)) {
      if (!statement.isTypeOnly) problems.push(`re-exports ${statement.getText(source)}`)
      continue
    }
    const modifiers = ts.canHaveModifiers(statement) ? ts.getModifiers(statement) : undefined
    const exported = modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    if (!exported) continue
    if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) continue
    const isDefault = modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)
    if (ts.isClassDeclaration(statement) && isDefault) {
      actions++
      const handle = statement.members.some(
        (member) =>
          ts.isMethodDeclaration(member) &&
          member.name.getText(source) === 'handle' &&
          !ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)
      )
      if (!handle)
        problems.push(`exports class ${statement.name?.text ?? '(default)'} without handle`)
      continue
    }
    const kind = ts.isFunctionDeclaration(statement)
      ? 'function'
      : ts.isClassDeclaration(statement)
        ? 'class'
        : ts.isVariableStatement(statement)
          ? 'const'
          : ts.isEnumDeclaration(statement)
            ? 'enum'
            : 'declaration'
    const name = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText(source)).join(', ')
      : ((statement as ts.DeclarationStatement).name?.getText(source) ?? '')
    problems.push(`exports ${kind} ${name}`.trim())
  }
  if (actions !== 1) problems.push(`exports ${actions} default classes, not one`)
  return problems
}

test.group('Architecture / app/actions holds actions only', () => {
  test('an action file exports one class with handle, and types', async ({ assert }) => {
    const offenders: string[] = []
    for (const file of await sourceFiles(app.makePath('app', 'actions'))) {
      const problems = actionFileProblems(file, await readFile(file, 'utf8'))
      const path = relative(app.makePath(), file)
      offenders.push(...problems.map((problem) => `${path} ${problem}`))
    }
    assert.deepEqual(offenders, [])
  })

  test('the check names what an action may not export', ({ assert }) => {
    const problems = actionFileProblems(
      'example.ts',
      [
        'export interface Input { id: number }',
        'export type Outcome = { done: boolean }',
        'export const LIMIT = 5',
        'export function helper() {}',
        'export class Other {}',
        'export { helper as alias }',
        'export type { Input as Alias }',
        'export default class Example { async handle(input: Input) { return input } }',
      ].join('\n')
    )
    assert.deepEqual(problems, [
      'exports const LIMIT',
      'exports function helper',
      'exports class Other',
      're-exports export { helper as alias }',
    ])
    assert.deepEqual(actionFileProblems('none.ts', 'export const A = 1'), [
      'exports const A',
      'exports 0 default classes, not one',
    ])
    assert.deepEqual(
      actionFileProblems('static.ts', 'export default class A { static handle() {} }'),
      ['exports class A without handle']
    )
  })
})
