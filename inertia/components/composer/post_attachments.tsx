import { useRef } from 'react'
import { Paperclip } from 'lucide-react'
import { ExistingMediaList } from '~/components/media/existing_media'
import { UploadList } from '~/components/media/upload_list'
import { Button } from '~/components/ui/button'
import { FieldError } from '~/components/ui/field'
import type { EditedPost, PostForm, usePostForm } from '~/hooks/use_post_form'
import { cn } from '~/lib/utils'

type PostFiles = ReturnType<typeof usePostForm>['files']

/**
 * The composer's "Attachments": the post's existing media (an edit), the
 * new files with their upload progress and per-file messages, the "Add"
 * button, and the browser's own checks.
 */
export function PostAttachments({
  id,
  form,
  files,
  post,
  settings,
  dragging,
}: {
  id: string
  form: PostForm
  files: PostFiles
  post?: EditedPost
  settings: { maxFiles: number; maxFileMb: number; accept: string; acceptDescription: string }
  /** Files are dragged over the form (it takes the drop). */
  dragging: boolean
}) {
  const fileInput = useRef<HTMLInputElement>(null)
  const errors = form.errors as Record<string, string | undefined>
  return (
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
          onToggle={files.toggleExisting}
        />
      )}
      <UploadList
        files={form.data.files}
        errors={files.fileErrors}
        progress={form.progress ? (form.progress.percentage ?? 0) : null}
        disabled={form.processing}
        onRemove={files.remove}
        onReplace={files.replace}
      />
      <div
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border border-dashed p-4 text-center text-sm',
          dragging ? 'border-primary bg-accent/50 text-accent-foreground' : 'text-muted-foreground'
        )}
      >
        <Button
          type="button"
          variant="outline"
          onClick={() => fileInput.current?.click()}
          disabled={form.processing || files.room <= 0}
        >
          <Paperclip className="size-4" aria-hidden /> Add photos, videos or PDFs
        </Button>
        <span>
          {files.room > 0 ? 'or drop files here' : `The post has ${settings.maxFiles} files.`}
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
            if (event.target.files) files.add(event.target.files)
            event.target.value = ''
          }}
        />
      </div>
      {files.early.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {files.early.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {/* Per-file messages show next to their file; this is for the list as a whole. */}
      {!Object.values(files.fileErrors).some(Boolean) && <FieldError message={errors.files} />}
    </section>
  )
}
