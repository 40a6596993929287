import { useId, useState, type DragEvent } from 'react'
import { Link } from '@adonisjs/inertia/react'
import {
  AudiencePicker,
  type Audience,
  type AudienceOption,
} from '~/components/composer/audience_picker'
import { DraftOffer } from '~/components/composer/draft_offer'
import { LazyEditor } from '~/components/composer/lazy_editor'
import { PostAttachments } from '~/components/composer/post_attachments'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import { usePostForm, type EditedPost, type PostForm as Form } from '~/hooks/use_post_form'
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

/**
 * The composer form, for a new post (POST posts.store) or an edit (PUT
 * posts.update): rich text, audience, attachments (add, crop, remove;
 * existing ones can be removed on edit) and upload progress. Text is
 * optional when files are attached. Sent as multipart; the server checks
 * everything again (types by content, sizes, counts) and answers with
 * per-file messages (`files.<n>`) shown next to each file. The state and
 * the sending are `usePostForm`'s (hooks/use_post_form.ts).
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
  post?: EditedPost
  cancelHref: string
  /** Where to send the form instead of posts.store / posts.update (admin Posts/Form). */
  action?: string
  /** Admin Posts/Form: shows the "announcement" checkbox with this initial value. */
  announcement?: boolean
}) {
  const id = useId()
  const [textLength, setTextLength] = useState(0)
  const [dragging, setDragging] = useState(false)
  const { form, draft, files, submit } = usePostForm({
    post,
    action,
    announcement,
    defaultAudience: settings.defaultAudience,
    maxFiles: settings.maxFiles,
    maxFileMb: settings.maxFileMb,
  })
  const errors = form.errors as Record<string, string | undefined>
  const tooLong = textLength > settings.maxTextLength

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (event.dataTransfer.files.length) files.add(event.dataTransfer.files)
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

      {draft.offered && (
        <DraftOffer draft={draft.offered} onRestore={draft.restore} onDiscard={draft.discard} />
      )}

      <div className="grid gap-2">
        <span className="text-sm font-medium" id={`${id}-label`}>
          Your post
        </span>
        <LazyEditor
          key={draft.editorKey}
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
          className={cn('text-xs', tooLong ? 'text-destructive' : 'text-muted-foreground')}
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

      {announcement !== undefined && <AnnouncementField id={id} form={form} />}

      <PostAttachments
        id={id}
        form={form}
        files={files}
        post={post}
        settings={settings}
        dragging={dragging}
      />

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

/** Admin Posts/Form: "Announcement" (every member is notified). */
function AnnouncementField({ id, form }: { id: string; form: Form }) {
  const errors = form.errors as Record<string, string | undefined>
  return (
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
  )
}
