import { http } from '@inertiajs/react'

/**
 * A JSON request through Inertia's HTTP client (it sends the XSRF token
 * header and X-Requested-With), for actions that update one card in place
 * (likes, quick comments) instead of visiting a page.
 */
export class JsonRequestError extends Error {
  constructor(
    message: string,
    public status: number
  ) {
    super(message)
  }
}

function messageOf(status: number, body: unknown) {
  const data = body as { message?: string; errors?: { message?: string }[] } | null
  if (data?.errors?.[0]?.message) return data.errors[0].message
  if (data?.message) return data.message
  if (status === 404) return 'This post is no longer available.'
  if (status === 403) return 'You are not allowed to do this.'
  if (status === 429) return 'Too many requests. Please wait a moment.'
  if (status === 0) return 'You appear to be offline. Please try again.'
  return 'Something went wrong. Please try again.'
}

function parse(text: unknown) {
  if (typeof text !== 'string') return text ?? null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export async function jsonRequest<T>(
  method: 'get' | 'post' | 'put' | 'delete',
  url: string,
  data?: Record<string, unknown> | FormData,
  options: { onUploadProgress?: (percent: number) => void; headers?: Record<string, string> } = {}
): Promise<T> {
  const onProgress = options.onUploadProgress
  try {
    const response = await http.getClient().request({
      method,
      url,
      data: method === 'get' ? undefined : (data ?? {}),
      params: method === 'get' && !(data instanceof FormData) ? data : undefined,
      headers: { Accept: 'application/json', ...options.headers },
      // Multipart bodies (FormData, e.g. comment images) report their upload progress.
      onUploadProgress: onProgress
        ? (event) => onProgress(Math.round(event.percentage ?? (event.progress ?? 0) * 100))
        : undefined,
    })
    return parse(response.data) as T
  } catch (error) {
    const response = (error as { response?: { status: number; data: unknown } }).response
    const status = response?.status ?? 0
    throw new JsonRequestError(messageOf(status, parse(response?.data)), status)
  }
}
