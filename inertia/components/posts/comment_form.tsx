import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { usePage } from '@inertiajs/react'
import { toast } from '~/lib/toast'
import { ImagePlus, SendHorizontal, X } from 'lucide-react'
import { kindOf } from '~/components/media/files'
import { useObjectUrl } from '~/hooks/use_object_url'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'
import type { Data } from '~data'
import { draftKey, dropDraft, readDraft, saveDraftSoon } from '~/components/composer/drafts'
import { addToOutbox, failedOffline, isOffline, newOutboxKey } from '~/lib/outbox'
import { JsonRequestError } from '~/hooks/json_request'

export const COMMENT_MAX_LENGTH = 2000
/** Images per comment (the server's MAX_IMAGES_PER_COMMENT). */
export const COMMENT_MAX_IMAGES = 4
const IMAGE_TYPES = 'image/jpeg,image/png,image/gif,image/webp'

/**
 * Writes a comment on a post (`comments.store`, JSON), without reloading
 * the page: the new comment and the post's new comment count go to
 * `onCreated`. Ctrl/⌘+Enter sends. Up to 4 images (picked with previews
 * and Remove; sent as multipart with an upload progress bar); text is
 * optional when there are images.
 */
export function CommentForm({
  postId,
  onCreated,
  autoFocus,
  className,
}: {
  postId: number
  onCreated: (comment: Data.Comment, commentsCount: number) => void
  autoFocus?: boolean
  className?: string
}) {
  const id = useId()
  // The text is kept as a draft per post (a closed tab, a lost connection)
  // and put back in the box on the next visit.
  const userId = usePage<Data.SharedProps>().props.auth.user?.id
  const keyForDraft = userId ? draftKey('comment', userId, String(postId)) : null
  const [body, setBody] = useState(() => readDraft(keyForDraft)?.body ?? '')
  useEffect(() => saveDraftSoon(keyForDraft, body), [keyForDraft, body])
  const [error, setError] = useState<string | undefined>()
  const [processing, setProcessing] = useState(false)
  const [images, setImages] = useState<File[]>([])
  const [progress, setProgress] = useState<number | null>(null)
  const picker = useRef<HTMLInputElement>(null)
  const length = [...body].length
  const tooLong = length > COMMENT_MAX_LENGTH

  const addImages = (list: FileList | null) => {
    const chosen = [...(list ?? [])]
    if (picker.current) picker.current.value = ''
    const notImage = chosen.find((file) => kindOf(file) !== 'image')
    if (notImage) return setError(`${notImage.name}: only JPEG, PNG, GIF or WebP images.`)
    const next = [...images, ...chosen]
    if (next.length > COMMENT_MAX_IMAGES) {
      return setError(`A comment can have at most ${COMMENT_MAX_IMAGES} images.`)
    }
    setError(undefined)
    setImages(next)
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (processing) return
    if (!body.trim() && images.length === 0) return setError('Write something or add an image.')
    if (tooLong) return setError(`Comments are limited to ${COMMENT_MAX_LENGTH} characters.`)
    // Offline, a text comment waits in the outbox (lib/outbox.ts), with
    // the key this attempt goes with (its answer may be what was lost).
    const key = newOutboxKey()
    const queue = () => {
      if (!userId || images.length > 0) return false
      addToOutbox(userId, {
        kind: 'comment',
        url: route('comments.store', { id: postId }),
        fields: { body },
        label: 'Your comment',
        key,
      })
      setBody('')
      dropDraft(keyForDraft)
      toast.success(
        'You’re offline: your comment waits in the outbox and goes once you’re back online.'
      )
      return true
    }
    if (isOffline() && queue()) return
    setProcessing(true)
    setError(undefined)
    try {
      let data: Record<string, unknown> | FormData = { body }
      if (images.length > 0) {
        const form = new FormData()
        form.append('body', body)
        for (const image of images) form.append('images[]', image)
        data = form
        setProgress(0)
      }
      const reply = await jsonRequest<{ comment: Data.Comment; commentsCount: number }>(
        'post',
        route('comments.store', { id: postId }),
        data,
        {
          onUploadProgress: images.length > 0 ? setProgress : undefined,
          headers: { 'Idempotency-Key': key },
        }
      )
      setBody('')
      dropDraft(keyForDraft)
      setImages([])
      onCreated(reply.comment, reply.commentsCount)
    } catch (failure) {
      if (failure instanceof JsonRequestError && failedOffline(failure.status) && queue()) return
      setError((failure as Error).message)
    } finally {
      setProcessing(false)
      setProgress(null)
    }
  }

  return (
    <form onSubmit={submit} className={cn('grid gap-1.5', className)} noValidate>
      <label htmlFor={id} className="sr-only">
        Write a comment
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          value={body}
          autoFocus={autoFocus}
          rows={1}
          placeholder="Write a comment…"
          aria-invalid={error || tooLong ? true : undefined}
          aria-describedby={`${id}-error ${id}-count`}
          onChange={(event) => {
            setBody(event.target.value)
            if (error) setError(undefined)
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit()
          }}
          className="min-h-10 resize-y field-sizing-content"
        />
        <input
          ref={picker}
          type="file"
          accept={IMAGE_TYPES}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="comment-image-input"
          onChange={(event) => addImages(event.target.files)}
        />
        <Button
          type="button"
          size="icon"
          variant="ghost"
          disabled={processing || images.length >= COMMENT_MAX_IMAGES}
          onClick={() => picker.current?.click()}
          aria-label={`Add images (up to ${COMMENT_MAX_IMAGES})`}
          title={`Add images (up to ${COMMENT_MAX_IMAGES})`}
        >
          <ImagePlus className="size-4" aria-hidden />
        </Button>
        <Button type="submit" size="icon" disabled={processing} aria-label="Send comment">
          <SendHorizontal className="size-4" aria-hidden />
        </Button>
      </div>
      {images.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Images to add">
          {images.map((image, index) => (
            <ImagePreview
              key={`${image.name}-${image.size}-${image.lastModified}-${index}`}
              file={image}
              disabled={processing}
              onRemove={() => setImages((list) => list.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      {progress !== null && (
        <progress
          className="h-1.5 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
          max={100}
          value={progress}
          aria-label="Upload progress"
        />
      )}
      <div className="flex items-start justify-between gap-3">
        <FieldError id={`${id}-error`} message={error} />
        <span
          id={`${id}-count`}
          className={cn(
            'ml-auto text-xs tabular-nums',
            length < COMMENT_MAX_LENGTH - 200 && 'sr-only',
            tooLong ? 'text-destructive' : 'text-muted-foreground'
          )}
        >
          {length} / {COMMENT_MAX_LENGTH}
        </span>
      </div>
    </form>
  )
}

function ImagePreview({
  file,
  disabled,
  onRemove,
}: {
  file: File
  disabled: boolean
  onRemove: () => void
}) {
  const url = useObjectUrl(file)
  return (
    <li className="relative size-16" data-testid="comment-image-preview">
      {url && <img src={url} alt={file.name} className="size-16 rounded-md border object-cover" />}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
        className="absolute -top-1.5 -right-1.5 grid size-5 place-items-center rounded-full bg-foreground text-background shadow focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X className="size-3" aria-hidden />
      </button>
    </li>
  )
}
