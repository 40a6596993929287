import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Writes the OpenAPI document of /api/v1 (generated from the routes and
 * validators, app/services/api/openapi.ts) to a file, for Redocly CLI
 * (`npm run api:lint`) and client generators (openapi-typescript).
 */
export default class ApiOpenapi extends BaseCommand {
  static commandName = 'api:openapi'
  static description = 'Write the OpenAPI 3.1 document of the public API to a file'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Where to write it', default: 'tmp/openapi.json' })
  declare out: string

  async run() {
    const { default: router } = await import('@adonisjs/core/services/router')
    // Outside the HTTP server nothing commits the routes: do it to list them.
    router.commit()
    const { openApiDocument } = await import('#services/api/openapi')
    const path = resolve(this.app.appRoot.pathname, this.out)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, `${JSON.stringify(openApiDocument(), null, 2)}\n`)
    this.logger.success(`OpenAPI document written to ${this.out}`)
  }
}
