import { defineConfig } from '@adonisjs/core/bodyparser'
import env from '#start/env'

/**
 * Query-string and form parsing limits follow the product specification
 * (depth 5, arrays of 20, 1000 parameters) on every content type.
 */
const qs = { depth: 5, arrayLimit: 20, parameterLimit: 1000 }

/**
 * A post carries up to 10 files of MEDIA_MAX_FILE_MB each (default 10), plus
 * its text: the multipart limit follows, so the per-file check of the
 * upload pipeline (a clear message per file) is what refuses a large file.
 */
const multipartLimit = `${Math.ceil(10 * (env.get('MEDIA_MAX_FILE_MB') ?? 10)) + 10}mb`

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
  /**
   * Not processed here: with `autoProcess` on, every file part of every
   * multipart request (any route, unknown URLs, guests) is written to disk
   * before the route's middleware runs. Fields are read by
   * MultipartFieldsMiddleware (file parts drained, never stored); files only
   * by the upload routes' `uploadsThrottle` middleware, after `auth`, into
   * tmp/uploads, removed when the request ends (app/services/upload_files.ts).
   */
  multipart: {
    autoProcess: false,
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: multipartLimit,
    types: ['multipart/form-data'],
    fieldsLimit: '2mb',
  },
})

export default bodyParserConfig
