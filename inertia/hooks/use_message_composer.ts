import { useEffect, useRef, useState, type FormEvent } from 'react'
import { http, usePage } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import { draftKey, dropDraft, readDraft, saveDraftSoon } from '~/components/composer/drafts'
import { jsonRequest } from '~/hooks/json_request'
import { addToOutbox, failedOffline, isOffline, newOutboxKey } from '~/lib/outbox'
import { addToOutboxWithFiles } from '~/lib/outbox_files'
import { socketId } from '~/lib/realtime'
import { route } from '~/lib/route'
import type { Data } from '~data'

/** At most one typing event sent every … */
const TYPING_SEND_EVERY_MS = 2500

export type MessageLimits = {
  maxLength: number
  maxFiles: number
  maxFileMb: number
  accept: string
}

/**
 * The message composer's state (Messages/Show): the text, kept as a draft
 * per conversation; the attached files (checked against `limits`); the
 * typing events; sending with upload progress and an idempotency key, or,
 * offline, queueing a text message in the outbox (lib/outbox.ts).
 */
export function useMessageComposer(
  other: Data.Person,
  limits: MessageLimits,
  onSent: (message: Data.Messages.Message) => void
) {
  // The text is kept as a draft per conversation and put back on the next visit.
  const userId = usePage<Data.SharedProps>().props.auth.user?.id
  const keyForDraft = userId ? draftKey('message', userId, other.username) : null
  const [body, setBody] = useState(() => readDraft(keyForDraft)?.body ?? '')
  useEffect(() => saveDraftSoon(keyForDraft, body), [keyForDraft, body])
  const [progress, setProgress] = useState<number | null>(null)
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const lastTyping = useRef(0)
  const { files, setFiles, fileInput, addFiles, removeFile } = useMessageFiles(limits, setError)
  const textarea = useRef<HTMLTextAreaElement>(null)

  const sendTyping = () => {
    const now = Date.now()
    if (now - lastTyping.current < TYPING_SEND_EVERY_MS) return
    lastTyping.current = now
    jsonRequest('post', route('messages.typing', { username: other.username })).catch(() => {})
  }

  const type = (text: string) => {
    setBody(text)
    if (text.trim()) sendTyping()
  }

  /** The message's problem before sending, if any. */
  const invalid = (text: string) => {
    if (!text && files.length === 0) return 'Write a message or attach a file.'
    if (text.length > limits.maxLength) {
      return `A message can be at most ${limits.maxLength} characters.`
    }
    return null
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (sending) return
    const text = body.trim()
    const problem = invalid(text)
    if (problem) {
      setError(problem)
      return
    }
    // Offline, a message waits in the outbox (lib/outbox.ts), its files in
    // lib/outbox_files.ts, with the key this attempt goes with (its answer
    // may be what was lost).
    const key = newOutboxKey()
    const queue = () => {
      if (!userId) return false
      const item = {
        kind: 'message' as const,
        url: route('messages.store', { username: other.username }),
        fields: { body: text },
        label: `Your message to ${other.fullName}`,
        key,
      }
      const queued = files.length
        ? addToOutboxWithFiles(userId, item, files)
        : Promise.resolve(addToOutbox(userId, item))
      void queued.then((entry) => {
        if (!entry) return
        setBody('')
        setFiles([])
        dropDraft(keyForDraft)
        toast.success(
          'You’re offline: your message waits in the outbox and goes once you’re back online.'
        )
      })
      return true
    }
    if (isOffline() && queue()) return
    const form = new FormData()
    form.append('body', text)
    for (const file of files) form.append('files[]', file)
    setSending(true)
    setError(null)
    setProgress(files.length ? 0 : null)
    try {
      const socket = socketId()
      const response = await http.getClient().request({
        method: 'post',
        url: route('messages.store', { username: other.username }),
        data: form,
        headers: {
          'Accept': 'application/json',
          'Idempotency-Key': key,
          ...(socket ? { 'X-Socket-ID': socket } : {}),
        },
        onUploadProgress: (progressEvent) => {
          if (progressEvent.total) {
            setProgress(Math.round((progressEvent.loaded / progressEvent.total) * 100))
          }
        },
      })
      const data = JSON.parse(response.data) as { message: Data.Messages.Message }
      onSent(data.message)
      setBody('')
      dropDraft(keyForDraft)
      setFiles([])
      lastTyping.current = 0
      textarea.current?.focus()
    } catch (failure) {
      const response = (failure as { response?: { status: number; data: unknown } }).response
      if (failedOffline(response?.status ?? 0) && queue()) return
      setError(errorMessage(response?.status ?? 0, response?.data))
    } finally {
      setSending(false)
      setProgress(null)
    }
  }

  return {
    body,
    type,
    files,
    addFiles,
    removeFile,
    progress,
    sending,
    error,
    submit,
    fileInput,
    textarea,
  }
}

/**
 * The files attached to the message being written: `addFiles` checks the
 * count and sizes against `limits` (a refusal goes to `setError`) and
 * clears the hidden file input so the same file can be chosen again.
 */
function useMessageFiles(limits: MessageLimits, setError: (error: string | null) => void) {
  const [files, setFiles] = useState<File[]>([])
  const fileInput = useRef<HTMLInputElement>(null)
  const addFiles = (list: FileList | null) => {
    if (!list) return
    const chosen = [...files, ...Array.from(list)]
    const tooBig = chosen.find((file) => file.size > limits.maxFileMb * 1024 * 1024)
    if (chosen.length > limits.maxFiles) {
      setError(`A message can have at most ${limits.maxFiles} files.`)
    } else if (tooBig) {
      setError(`${tooBig.name} is larger than ${limits.maxFileMb} MB.`)
    } else {
      setError(null)
      setFiles(chosen)
    }
    if (fileInput.current) fileInput.current.value = ''
  }

  const removeFile = (index: number) => setFiles(files.filter((_, i) => i !== index))
  return { files, setFiles, fileInput, addFiles, removeFile }
}

/** What to say when the server refused or never answered. */
function errorMessage(status: number, data: unknown) {
  let parsed = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data)
    } catch {
      parsed = null
    }
  }
  const body = parsed as { errors?: { message?: string }[]; message?: string } | null
  if (body?.errors?.[0]?.message) return body.errors[0].message
  if (body?.message) return body.message
  if (status === 413) return 'The files are too large to send.'
  if (status === 0) return 'You appear to be offline. Your message was not sent.'
  if (status === 429) return 'Too many messages. Please wait a moment.'
  return 'Your message could not be sent. Please try again.'
}
