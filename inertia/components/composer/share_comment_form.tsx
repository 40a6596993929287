import { Form, Link } from '@adonisjs/inertia/react'
import { Button } from '~/components/ui/button'
import { CountedTextareaField } from '~/components/ui/field'

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
  return (
    <Form
      route="posts.update"
      routeParams={{ id: postId }}
      options={{ preserveScroll: true }}
      className="grid gap-4"
      noValidate
    >
      {({ errors, processing }) => (
        <>
          <input type="hidden" name="audience" value={audience} />
          <CountedTextareaField
            label="Your comment"
            error={errors.body}
            hint={(body) => `${[...body].length} / ${SHARE_COMMENT_MAX} characters. Optional.`}
            name="body"
            defaultValue={comment}
            rows={5}
            maxLength={SHARE_COMMENT_MAX}
          />
          <div className="flex justify-end gap-3 border-t pt-4">
            <Button variant="ghost" asChild>
              <Link href={cancelHref}>Cancel</Link>
            </Button>
            <Button type="submit" disabled={processing}>
              {processing ? 'Saving…' : 'Save changes'}
            </Button>
          </div>
        </>
      )}
    </Form>
  )
}
