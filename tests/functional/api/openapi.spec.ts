import { test } from '@japa/runner'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { apiRoutes, openApiDocument, operationOf } from '#services/api/openapi'
import { createPostValidator } from '#validators/post'
import { createCommentValidator } from '#validators/comment'
import { expectStatus } from './_support.js'

/**
 * The OpenAPI document (issue 14 §OpenAPI): generated from the router and
 * the validators, so every API route is in it, described; it is served at
 * /api/v1/openapi.json and rendered at /api/docs from local files only.
 * (Redocly CLI lints it in CI: `npm run api:lint`.)
 */
function withoutSchema(schema: object) {
  const copy: Record<string, unknown> = { ...schema }
  delete copy.$schema
  return copy
}

const OPERATIONS = () => apiRoutes().filter((route) => route.name !== 'api.openapi')

test.group('API / OpenAPI document', () => {
  test('is served as JSON at /api/v1/openapi.json, without a token', async ({ client, assert }) => {
    const response = await client.get('/api/v1/openapi.json')
    response.assertStatus(200)
    assert.match(String(response.header('content-type')), /^application\/json/)
    const document = response.body()
    assert.equal(document.openapi, '3.1.0')
    assert.deepEqual(document, JSON.parse(JSON.stringify(openApiDocument())))
  })

  test('every API route of the router is in it, with a summary, a description and a scope', ({
    assert,
  }) => {
    const document = openApiDocument()
    const routes = OPERATIONS()
    assert.isAbove(routes.length, 10)
    const problems: string[] = []
    for (const route of routes) {
      const path = route.pattern.replace(/:(\w+)/g, '{$1}')
      for (const method of route.methods) {
        const operation = document.paths[path]?.[method.toLowerCase()]
        if (!operation) {
          problems.push(`${method} ${route.pattern}: not in the document`)
          continue
        }
        if (!operationOf(route.name)?.description || !operation.description) {
          problems.push(`${route.name}: no description (document it in start/routes/api.ts)`)
        }
        if (!operation.summary) problems.push(`${route.name}: no summary`)
        if (!operation.security?.[0]?.bearerAuth?.length) problems.push(`${route.name}: no scope`)
        const declared = (operation.parameters ?? [])
          .filter((parameter: { in: string }) => parameter.in === 'path')
          .map((parameter: { name: string }) => parameter.name)
        const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name)
        if (JSON.stringify(declared) !== JSON.stringify(inPath)) {
          problems.push(`${route.name}: path parameters ${inPath} declared as ${declared}`)
        }
      }
    }
    assert.deepEqual(problems, [])
  })

  test('request bodies are the validators’ own JSON Schemas', ({ assert }) => {
    const paths = openApiDocument().paths
    const bodyOf = (path: string) => paths[path].post.requestBody.content['application/json'].schema
    const post = withoutSchema(createPostValidator.toJSONSchema())
    const comment = withoutSchema(createCommentValidator.toJSONSchema())
    assert.deepEqual(bodyOf('/api/v1/posts'), post)
    assert.deepEqual(bodyOf('/api/v1/posts/{id}/comments'), comment)
    assert.deepEqual(bodyOf('/api/v1/posts').properties.audience.enum, ['team', 'public'])
  })

  test('every schema in it compiles with a JSON Schema 2020-12 validator', ({ assert }) => {
    const ajv = new Ajv2020({ strict: false })
    const document = openApiDocument()
    ajv.addSchema({ ...document, $id: 'doc' })
    for (const name of Object.keys(document.components.schemas)) {
      assert.isFunction(ajv.getSchema(`doc#/components/schemas/${name}`), name)
    }
  })
})

test.group('API / reference page', () => {
  test('/api/docs renders Swagger UI from local files, with the CSP nonce', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/api/docs')
    response.assertStatus(200)
    const html = response.text()
    assert.include(html, 'data-spec-url="/api/v1/openapi.json"')
    assert.notMatch(html, /https?:\/\//, 'no file from another host')
    const csp = String(response.header('content-security-policy'))
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    assert.isString(nonce)
    const scripts = [...html.matchAll(/<script src="([^"]+)" nonce="([^"]+)"/g)]
    assert.deepEqual(
      scripts.map(([, src]) => src),
      ['/api/docs/assets/swagger-ui-bundle.js', '/api/docs/assets/init.js']
    )
    for (const [, , scriptNonce] of scripts) assert.equal(scriptNonce, nonce)
  })

  test('its assets are served from node_modules; nothing else is', async ({ client, assert }) => {
    const css = await client.get('/api/docs/assets/swagger-ui.css')
    css.assertStatus(200)
    assert.match(String(css.header('content-type')), /^text\/css/)
    const js = await client.get('/api/docs/assets/swagger-ui-bundle.js')
    js.assertStatus(200)
    assert.match(String(js.header('content-type')), /^text\/javascript/)
    assert.isAbove(js.text().length, 100_000)
    const init = await client.get('/api/docs/assets/init.js')
    assert.include(init.text(), 'validatorUrl: null')
    expectStatus(await client.get('/api/docs/assets/package.json'), 404)
    expectStatus(await client.get('/api/docs/assets/..%2F..%2Fpackage.json'), 404)
  })
})
