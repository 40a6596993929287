import { defineConfig } from '@adonisjs/core/bodyparser'

/**
 * Query-string and form parsing limits follow the product specification
 * (depth 5, arrays of 20, 1000 parameters) on every content type.
 */
const qs = { depth: 5, arrayLimit: 20, parameterLimit: 1000 }

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
    limit: '1mb',
    queryString: qs,
  },
  json: {
    convertEmptyStringsToNull: true,
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
    limit: '1mb',
    strict: true,
  },
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: '110mb',
    types: ['multipart/form-data'],
    fieldsLimit: '2mb',
  },
})

export default bodyParserConfig
