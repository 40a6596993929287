import { createReadStream } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import string from '@adonisjs/core/helpers/string'
import { openApiDocument } from '#services/api/openapi'

const swaggerUiRoot = dirname(
  createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')
)

/** The files of swagger-ui-dist the reference page loads (served from node_modules, no CDN). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

/**
 * The API's description: the OpenAPI document (/api/v1/openapi.json) and a
 * readable reference (/api/docs, Swagger UI). Public: they describe the
 * API, they hold no data of anyone's.
 */
export default class ApiDocsController {
  async openapi({ response }: HttpContext) {
    response.header('Cache-Control', 'no-cache')
    return response.json(openApiDocument())
  }

  async page({ response }: HttpContext) {
    const nonce = (response as unknown as { nonce?: string }).nonce ?? ''
    response.header('Content-Type', 'text/html; charset=utf-8')
    return response.send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Huddle API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="api-reference" data-spec-url="/api/v1/openapi.json"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js" nonce="${string.escapeHTML(nonce)}"></script>
<script src="/api/docs/assets/init.js" nonce="${string.escapeHTML(nonce)}"></script>
</body>
</html>`)
  }

  async asset({ params, response }: HttpContext) {
    const name = String(params.file)
    response.header('Cache-Control', 'public, max-age=86400')
    if (name === 'init.js') {
      response.header('Content-Type', 'text/javascript; charset=utf-8')
      return response.send(INIT_SCRIPT)
    }
    const type = ASSETS[name]
    if (!type) return response.status(404).send('Not found')
    response.header('Content-Type', type)
    return response.stream(createReadStream(join(swaggerUiRoot, name)))
  }
}

/** Starts Swagger UI on the document (no validator badge: nothing leaves this server). */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  var root = document.getElementById('api-reference');
  window.SwaggerUIBundle({
    url: root.getAttribute('data-spec-url'),
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
  });
});
`
