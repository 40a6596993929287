import { FileText, Loader2, Paperclip, SendHorizontal, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { Textarea } from '~/components/ui/input'
import { useMessageComposer, type MessageLimits } from '~/hooks/use_message_composer'
import type { Data } from '~data'

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf'

/**
 * The composer under a conversation: text (Enter sends, Shift+Enter is a new
 * line), attachments with upload progress, and the refusal, if any. The
 * state and the sending are `useMessageComposer`'s.
 */
export function MessageComposer({
  other,
  limits,
  onSent,
}: {
  other: Data.Person
  limits: MessageLimits
  onSent: (message: Data.Messages.Message) => void
}) {
  const {
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
  } = useMessageComposer(other, limits, onSent)

  return (
    <form onSubmit={submit} className="grid gap-2 border-t p-3" data-testid="message-composer">
      {files.length > 0 && <AttachedFiles files={files} onRemove={removeFile} disabled={sending} />}
      {progress !== null && <UploadProgress value={progress} />}
      {error && (
        <p className="text-sm text-destructive" role="alert" data-testid="message-error">
          {error}
        </p>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          aria-label="Attach files"
          tabIndex={-1}
          id="message-files"
          onChange={(event) => addFiles(event.target.files)}
          data-testid="message-files"
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={() => fileInput.current?.click()}
          disabled={sending}
          aria-label={`Attach files (${limits.accept}, up to ${limits.maxFileMb} MB each)`}
          title={`Attach ${limits.accept}`}
        >
          <Paperclip className="size-5" aria-hidden />
        </Button>
        <label htmlFor="message-body" className="sr-only">
          Message to {other.fullName}
        </label>
        <Textarea
          ref={textarea}
          id="message-body"
          value={body}
          rows={1}
          maxLength={limits.maxLength}
          placeholder={`Message ${other.fullName}`}
          className="max-h-40 min-h-10 resize-none"
          aria-invalid={error ? true : undefined}
          onChange={(event) => type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault()
              void submit()
            }
          }}
          data-testid="message-input"
        />
        <Button type="submit" size="icon" disabled={sending} aria-label="Send" data-testid="send">
          {sending ? (
            <Loader2 className="size-5 animate-spin" aria-hidden />
          ) : (
            <SendHorizontal className="size-5" aria-hidden />
          )}
        </Button>
      </div>
    </form>
  )
}

function AttachedFiles({
  files,
  onRemove,
  disabled,
}: {
  files: File[]
  onRemove: (index: number) => void
  disabled: boolean
}) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Attachments">
      {files.map((file, index) => (
        <li
          key={`${file.name}-${index}`}
          className="flex max-w-56 items-center gap-1 rounded-md border bg-muted px-2 py-1 text-xs"
        >
          <FileText className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">{file.name}</span>
          <button
            type="button"
            className="rounded p-0.5 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(index)}
            disabled={disabled}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  )
}

function UploadProgress({ value }: { value: number }) {
  return (
    <div
      className="h-1.5 overflow-hidden rounded-full bg-muted"
      role="progressbar"
      aria-label="Upload progress"
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${value}%` }} />
    </div>
  )
}
