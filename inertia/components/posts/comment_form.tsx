import { useId, useState, type FormEvent } from 'react'
import { SendHorizontal } from 'lucide-react'
import type { PostComment } from '~/components/posts/types'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { jsonRequest } from '~/hooks/json_request'
import { route } from '~/lib/route'
import { cn } from '~/lib/utils'

export const COMMENT_MAX_LENGTH = 2000

/**
 * Writes a comment on a post (`comments.store`, JSON), without reloading
 * the page: the new comment and the post's new comment count go to
 * `onCreated`. Ctrl/⌘+Enter sends.
 */
export function CommentForm({
  postId,
  onCreated,
  autoFocus,
  className,
}: {
  postId: number
  onCreated: (comment: PostComment, commentsCount: number) => void
  autoFocus?: boolean
  className?: string
}) {
  const id = useId()
  const [body, setBody] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [processing, setProcessing] = useState(false)
  const length = [...body].length
  const tooLong = length > COMMENT_MAX_LENGTH

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (processing) return
    if (!body.trim()) return setError('Write something first.')
    if (tooLong) return setError(`Comments are limited to ${COMMENT_MAX_LENGTH} characters.`)
    setProcessing(true)
    setError(undefined)
    try {
      const reply = await jsonRequest<{ comment: PostComment; commentsCount: number }>(
        'post',
        route('comments.store', { id: postId }),
        { body }
      )
      setBody('')
      onCreated(reply.comment, reply.commentsCount)
    } catch (failure) {
      setError((failure as Error).message)
    } finally {
      setProcessing(false)
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
        <Button type="submit" size="icon" disabled={processing} aria-label="Send comment">
          <SendHorizontal className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="flex items-start justify-between gap-3">
        <FieldError id={`${id}-error`} message={error} />
        <span
          id={`${id}-count`}
          className={cn(
            'ml-auto text-xs tabular-nums text-muted-foreground',
            length < COMMENT_MAX_LENGTH - 200 && 'sr-only',
            tooLong && 'text-destructive'
          )}
        >
          {length} / {COMMENT_MAX_LENGTH}
        </span>
      </div>
    </form>
  )
}
