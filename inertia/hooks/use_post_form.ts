import { useEffect, useState, type FormEvent } from 'react'
import { useForm, usePage, type InertiaFormProps } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import type { Audience } from '~/components/composer/audience_picker'
import { draftKey, dropDraft, readDraft, saveDraft, type Draft } from '~/components/composer/drafts'
import { precheck } from '~/components/media/files'
import { addToOutbox, isOffline, newOutboxKey } from '~/lib/outbox'
import { addToOutboxWithFiles } from '~/lib/outbox_files'
import { route } from '~/lib/route'
import type { Data } from '~data'

export type PostFormData = {
  body: string
  audience: Audience
  files: File[]
  removeMedia: number[]
  announcement?: boolean
}

export type PostForm = InertiaFormProps<PostFormData>

/** The post being edited, as the composer needs it. */
export type EditedPost = { id: number; bodyHtml: string; audience: Audience; media: Data.Media[] }

/**
 * A new post's text is kept in this browser as it is typed and offered back
 * on the next visit (a closed tab, a lost connection). `key` is null when
 * there is no draft to keep (an edit, the admin's form). Restoring bumps
 * `editorKey`, which remounts the editor with the restored text.
 */
function usePostDraft(form: PostForm, key: string | null) {
  const [offered, setOffered] = useState<Draft | null>(() => readDraft(key))
  const [editorKey, setEditorKey] = useState(0)
  useEffect(() => {
    if (!key || offered) return
    const timer = setTimeout(() => saveDraft(key, form.data.body), 400)
    return () => clearTimeout(timer)
  }, [key, offered, form.data.body])
  return {
    offered,
    editorKey,
    /** The editor starts again from `form.data.body`. */
    resetEditor: () => setEditorKey((value) => value + 1),
    restore: () => {
      if (!offered) return
      form.setData('body', offered.body)
      setEditorKey((value) => value + 1)
      setOffered(null)
    },
    discard: () => {
      dropDraft(key)
      setOffered(null)
    },
  }
}

/**
 * The files of a post: the new ones (checked in the browser first, then by
 * the server, whose per-file messages `files.<n>` show next to each file),
 * the existing ones removed on an edit, and how many more fit.
 */
function usePostFiles(form: PostForm, maxFiles: number, maxFileMb: number, kept: number) {
  const [early, setEarly] = useState<string[]>([])
  const errors = form.errors as Record<string, string | undefined>
  const room = maxFiles - (kept - form.data.removeMedia.length) - form.data.files.length
  const fileErrors = Object.fromEntries(
    form.data.files.map((_, index) => [index, errors[`files.${index}`]])
  )

  /** Any change to the list makes the server's per-file messages stale. */
  const clearFileErrors = () =>
    form.clearErrors(...(Object.keys(errors).filter((key) => key.startsWith('files')) as any[]))

  const add = (list: FileList | File[]) => {
    const problems: string[] = []
    const accepted: File[] = []
    for (const file of [...list]) {
      const problem = precheck(file, maxFileMb)
      if (problem) problems.push(problem)
      else if (accepted.length >= room) {
        problems.push(`${file.name} was not added: a post can have at most ${maxFiles} files.`)
      } else accepted.push(file)
    }
    setEarly(problems)
    if (accepted.length) {
      clearFileErrors()
      form.setData('files', [...form.data.files, ...accepted])
    }
  }

  return {
    room,
    fileErrors,
    early,
    clearEarly: () => setEarly([]),
    add,
    remove: (index: number) => {
      clearFileErrors()
      form.setData(
        'files',
        form.data.files.filter((_, i) => i !== index)
      )
    },
    replace: (index: number, file: File) => {
      clearFileErrors()
      form.setData(
        'files',
        form.data.files.map((current, i) => (i === index ? file : current))
      )
    },
    toggleExisting: (mediaId: number) =>
      form.setData(
        'removeMedia',
        form.data.removeMedia.includes(mediaId)
          ? form.data.removeMedia.filter((value) => value !== mediaId)
          : [...form.data.removeMedia, mediaId]
      ),
  }
}

/**
 * The composer's state (components/composer/post_form.tsx): the Inertia
 * form, the draft, the files, and sending: a new post with an idempotency
 * key, or, offline, into the outbox (lib/outbox.ts); an edit as a PUT.
 */
export function usePostForm({
  post,
  action,
  announcement,
  defaultAudience,
  maxFiles,
  maxFileMb,
}: {
  post?: EditedPost
  action?: string
  announcement?: boolean
  defaultAudience: Audience
  maxFiles: number
  maxFileMb: number
}) {
  // useForm, not Form: files chosen and dropped, upload progress, and a draft kept as typed.
  const form = useForm<PostFormData>({
    body: post?.bodyHtml ?? '',
    audience: post?.audience ?? defaultAudience,
    files: [],
    removeMedia: [],
    ...(announcement === undefined ? {} : { announcement }),
  })
  const userId = usePage<Data.SharedProps>().props.auth.user?.id
  const keyForDraft = !post && !action && userId ? draftKey('post', userId) : null
  const draft = usePostDraft(form, keyForDraft)
  const files = usePostFiles(form, maxFiles, maxFileMb, post?.media.length ?? 0)

  /**
   * Offline, a new post waits in the outbox (lib/outbox.ts) and goes when
   * the connection returns, its files with it (lib/outbox_files.ts).
   * False: not this form's case.
   */
  const queueOffline = (key?: string) => {
    if (!userId || !keyForDraft) return false
    if (!form.data.body && !form.data.files.length) return false
    const item = {
      kind: 'post' as const,
      url: route('posts.store'),
      fields: { body: form.data.body, audience: form.data.audience },
      label: 'Your post',
      key: key ?? newOutboxKey(),
    }
    const chosen = form.data.files
    const queued = chosen.length
      ? addToOutboxWithFiles(userId, item, chosen)
      : Promise.resolve(addToOutbox(userId, item))
    void queued.then((entry) => {
      if (!entry) return
      dropDraft(keyForDraft)
      form.setData((data) => ({ ...data, body: '', files: [] }))
      draft.resetEditor()
      toast.success(
        'You’re offline: your post waits in the outbox and goes once you’re back online.'
      )
    })
    return true
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!post && !action && isOffline() && queueOffline()) return
    // A new post goes with a key: sent again from the outbox, it is one post.
    const key = newOutboxKey()
    const options = {
      headers: (post || action ? {} : { 'Idempotency-Key': key }) as Record<string, string>,
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => {
        files.clearEarly()
        dropDraft(keyForDraft)
      },
      // The connection dropped while sending: the outbox takes it (with its key).
      onNetworkError: () => (!post && !action && queueOffline(key) ? false : undefined),
    }
    if (post) form.put(action ?? route('posts.update', { id: post.id }), options)
    else form.post(action ?? route('posts.store'), options)
  }

  return { form, draft, files, submit }
}
