import type { FormEvent } from 'react'
import { Link, useForm } from '@inertiajs/react'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { Textarea } from '~/components/ui/input'
import { route } from '~/lib/route'

/** Longest share comment (the server's MAX_SHARE_COMMENT). */
export const SHARE_COMMENT_MAX = 2000

/**
 * Editing a share: its comment only (plain text; links are made clickable
 * by the server). The original and the audience stay as they are.
 */
export function ShareCommentForm({
  postId,
  comment,
  audience,
  cancelHref,
}: {
  postId: number
  comment: string
  /** Sent back unchanged: a share keeps its original's audience. */
  audience: 'team' | 'public'
  cancelHref: string
}) {
  const form = useForm({ body: comment, audience })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    form.put(route('posts.update', { id: postId }), { preserveScroll: true })
  }
  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        label="Your comment"
        error={form.errors.body}
        hint={`${[...form.data.body].length} / ${SHARE_COMMENT_MAX} characters. Optional.`}
      >
        {(props) => (
          <Textarea
            {...props}
            rows={5}
            maxLength={SHARE_COMMENT_MAX}
            value={form.data.body}
            onChange={(event) => form.setData('body', event.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-3 border-t pt-4">
        <Button variant="ghost" asChild>
          <Link href={cancelHref}>Cancel</Link>
        </Button>
        <Button type="submit" disabled={form.processing}>
          {form.processing ? 'Saving…' : 'Save changes'}
        </Button>
      </div>
    </form>
  )
}
