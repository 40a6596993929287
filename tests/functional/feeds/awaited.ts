import type { ApiResponse } from '@japa/api-client'

/** Small helpers so tests read as one line without reaching into `(await …)`. */
export async function expectStatus(request: PromiseLike<ApiResponse>, status: number) {
  const response = await request
  response.assertStatus(status)
  return response
}

export async function expectBody(request: PromiseLike<ApiResponse>, body: unknown) {
  const response = await request
  response.assertBody(body)
  return response
}

export async function field<T, K extends keyof T>(promise: Promise<T>, key: K): Promise<T[K]> {
  const value = await promise
  return value[key]
}
