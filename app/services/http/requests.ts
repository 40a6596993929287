import type { HttpContext } from '@adonisjs/core/http'
import { MultipartFile } from '@adonisjs/core/bodyparser'

/**
 * What controllers read off a request the same way everywhere. A helper
 * shared by several controllers lives here, never in a controller that
 * others import (docs/architecture.md "Where code goes").
 */

/** True when the caller asked for JSON explicitly (the card's in-place updates). */
export function wantsJson({ request }: Pick<HttpContext, 'request'>) {
  return request.accepts(['html', 'json']) === 'json'
}

/**
 * The uploaded files, whatever the form called the list (`files`,
 * `files[]`, `files[0]`…). A text value in their place is ignored.
 */
export function uploadedFiles(request: HttpContext['request']): MultipartFile[] {
  const value = (request.allFiles() as Record<string, unknown>).files
  const list = Array.isArray(value) ? value : value ? [value] : []
  return list.filter((file): file is MultipartFile => file instanceof MultipartFile)
}
