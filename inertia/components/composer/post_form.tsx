import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { Paperclip } from 'lucide-react'
import {
  AudiencePicker,
  type Audience,
  type AudienceOption,
} from '~/components/composer/audience_picker'
import { LazyEditor } from '~/components/composer/lazy_editor'
import { ExistingMediaList } from '~/components/media/existing_media'
import { precheck } from '~/components/media/files'
import { UploadList } from '~/components/media/upload_list'
import type { PostMedia } from '~/components/posts/types'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

/** What the server tells the composer (PostsController composerSettings). */
export type ComposerSettings = {
  audiences: AudienceOption[]
  defaultAudience: Audience
  maxFiles: number
  maxFileMb: number
  maxTextLength: number
  accept: string
  acceptDescription: string
}

type PostFormData = {
  body: string
  audience: Audience
  files: File[]
  removeMedia: number[]
  announcement?: boolean
}

/**
 * The composer form, for a new post (POST posts.store) or an edit (PUT
 * posts.update): rich text, audience, attachments (add, crop, remove;
 * existing ones can be removed on edit) and upload progress. Text is
 * optional when files are attached. Sent as multipart; the server checks
 * everything again (types by content, sizes, counts) and answers with
 * per-file messages (`files.<n>`) shown next to each file.
 */
export function PostForm({
  settings,
  post,
  cancelHref,
  action,
  announcement,
}: {
  settings: ComposerSettings
  /** The post being edited (omit for a new post). */
  post?: { id: number; bodyHtml: string; audience: Audience; media: PostMedia[] }
  cancelHref: string
  /** Where to send the form instead of posts.store / posts.update (admin Posts/Form). */
  action?: string
  /** Admin Posts/Form: shows the "announcement" checkbox with this initial value. */
  announcement?: boolean
}) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [textLength, setTextLength] = useState(0)
  const [early, setEarly] = useState<string[]>([])
  const [dragging, setDragging] = useState(false)
  const form = useForm<PostFormData>({
    body: post?.bodyHtml ?? '',
    audience: post?.audience ?? settings.defaultAudience,
    files: [],
    removeMedia: [],
    ...(announcement === undefined ? {} : { announcement }),
  })
  const errors = form.errors as Record<string, string | undefined>
  const kept = (post?.media.length ?? 0) - form.data.removeMedia.length
  const room = settings.maxFiles - kept - form.data.files.length
  const fileErrors = Object.fromEntries(
    form.data.files.map((_, index) => [index, errors[`files.${index}`]])
  )
  const tooLong = textLength > settings.maxTextLength

  /** Any change to the list makes the server's per-file messages stale. */
  const clearFileErrors = () =>
    form.clearErrors(...(Object.keys(errors).filter((key) => key.startsWith('files')) as any[]))

  const addFiles = (list: FileList | File[]) => {
    const chosen = [...list]
    const problems: string[] = []
    const accepted: File[] = []
    for (const file of chosen) {
      const problem = precheck(file, settings.maxFileMb)
      if (problem) problems.push(problem)
      else if (accepted.length >= room) {
        problems.push(
          `${file.name} was not added: a post can have at most ${settings.maxFiles} files.`
        )
      } else accepted.push(file)
    }
    setEarly(problems)
    if (accepted.length) {
      clearFileErrors()
      form.setData('files', [...form.data.files, ...accepted])
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const options = {
      forceFormData: true,
      preserveScroll: true,
      onSuccess: () => setEarly([]),
    }
    if (post) form.put(action ?? route('posts.update', { id: post.id }), options)
    else form.post(action ?? route('posts.store'), options)
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (event.dataTransfer.files.length) addFiles(event.dataTransfer.files)
  }

  const summary = errors.E_VALIDATION_ERROR
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-5"
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) {
          event.preventDefault()
          setDragging(true)
        }
      }}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false)
      }}
      onDrop={onDrop}
    >
      {summary && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {summary}
        </p>
      )}

      <div className="grid gap-2">
        <span className="text-sm font-medium" id={`${id}-label`}>
          Your post
        </span>
        <LazyEditor
          id={`${id}-body`}
          label="Your post"
          value={form.data.body}
          onChange={(html) => form.setData('body', html)}
          onTextLength={setTextLength}
          placeholder="Share an update, a photo, a document… Type @ to tag a teammate."
          invalid={!!errors.body || tooLong}
          describedBy={`${id}-body-hint ${errors.body ? `${id}-body-error` : ''}`.trim()}
          disabled={form.processing}
        />
        <p
          id={`${id}-body-hint`}
          className={cn('text-xs text-muted-foreground', tooLong && 'text-destructive')}
        >
          {textLength} / {settings.maxTextLength} characters. Optional when you attach files.
        </p>
        <FieldError id={`${id}-body-error`} message={errors.body} />
      </div>

      <AudiencePicker
        name={`${id}-audience`}
        options={settings.audiences}
        value={form.data.audience}
        onChange={(audience) => form.setData('audience', audience)}
        error={errors.audience}
        disabled={form.processing || settings.audiences.length < 2}
      />

      {announcement !== undefined && (
        <div className="grid gap-1">
          <label className="flex items-start gap-3 text-sm" htmlFor={`${id}-announcement`}>
            <input
              id={`${id}-announcement`}
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={form.data.announcement === true}
              disabled={form.processing}
              onChange={(event) => form.setData('announcement', event.target.checked)}
              aria-describedby={`${id}-announcement-hint`}
            />
            <span>
              <span className="font-medium">Announcement</span>
              <span id={`${id}-announcement-hint`} className="block text-muted-foreground">
                Every member is notified of this post.
              </span>
            </span>
          </label>
          <FieldError message={errors.announcement} />
        </div>
      )}

      <section className="grid gap-3" aria-labelledby={`${id}-files`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-files`} className="text-sm font-medium">
            Attachments
          </h2>
          <span className="text-xs text-muted-foreground">
            Up to {settings.maxFiles} files, {settings.maxFileMb} MB each:{' '}
            {settings.acceptDescription}.
          </span>
        </div>
        {post && (
          <ExistingMediaList
            media={post.media}
            removed={form.data.removeMedia}
            disabled={form.processing}
            onToggle={(mediaId) =>
              form.setData(
                'removeMedia',
                form.data.removeMedia.includes(mediaId)
                  ? form.data.removeMedia.filter((value) => value !== mediaId)
                  : [...form.data.removeMedia, mediaId]
              )
            }
          />
        )}
        <UploadList
          files={form.data.files}
          errors={fileErrors}
          progress={form.progress ? (form.progress.percentage ?? 0) : null}
          disabled={form.processing}
          onRemove={(index) => {
            clearFileErrors()
            form.setData(
              'files',
              form.data.files.filter((_, i) => i !== index)
            )
          }}
          onReplace={(index, file) => {
            clearFileErrors()
            form.setData(
              'files',
              form.data.files.map((current, i) => (i === index ? file : current))
            )
          }}
        />
        <div
          className={cn(
            'flex flex-col items-center gap-2 rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground',
            dragging && 'border-primary bg-accent/50 text-accent-foreground'
          )}
        >
          <Button
            type="button"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            disabled={form.processing || room <= 0}
          >
            <Paperclip className="size-4" aria-hidden /> Add photos, videos or PDFs
          </Button>
          <span>
            {room > 0 ? 'or drop files here' : `The post has ${settings.maxFiles} files.`}
          </span>
          <input
            ref={fileInput}
            type="file"
            multiple
            accept={settings.accept}
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              if (event.target.files) addFiles(event.target.files)
              event.target.value = ''
            }}
          />
        </div>
        {early.length > 0 && (
          <ul role="alert" className="grid gap-1 text-sm text-destructive">
            {early.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        {/* Per-file messages show next to their file; this is for the list as a whole. */}
        {!Object.values(fileErrors).some(Boolean) && <FieldError message={errors.files} />}
      </section>

      <div className="flex flex-wrap items-center justify-end gap-3 border-t pt-4">
        <Button variant="ghost" asChild>
          <Link href={cancelHref}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={form.processing || tooLong}>
          {form.processing ? (post ? 'Saving…' : 'Posting…') : post ? 'Save changes' : 'Post'}
        </Button>
      </div>
    </form>
  )
}
