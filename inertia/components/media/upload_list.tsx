import { lazy, Suspense, useState } from 'react'
import { Crop, FileText, Film, ImageIcon, X } from 'lucide-react'
import { Button } from '~/components/ui/button'
import { canCrop, formatSize, kindOf } from '~/components/media/files'
import { useObjectUrl } from '~/hooks/use_object_url'
import { cn } from '~/lib/utils'

const ImageCropper = lazy(() => import('~/components/media/image_cropper'))

/**
 * Files chosen for upload, before they are sent: a preview, name and size,
 * the server's (or an early) error for each file, Crop for still images
 * and Remove. While the form uploads, a progress bar with the percentage.
 */
export function UploadList({
  files,
  errors,
  onRemove,
  onReplace,
  progress,
  disabled,
}: {
  files: File[]
  /** Messages by index, as the server names them (`files.<n>`). */
  errors: Record<number, string | undefined>
  onRemove: (index: number) => void
  onReplace: (index: number, file: File) => void
  /** Upload progress in percent while sending, else null. */
  progress: number | null
  disabled?: boolean
}) {
  const [cropping, setCropping] = useState<number | null>(null)
  if (files.length === 0 && progress === null) return null
  return (
    <div className="grid gap-2">
      {progress !== null && (
        <div className="grid gap-1" aria-live="polite">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>Uploading…</span>
            <span>{progress}%</span>
          </div>
          <progress
            className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary"
            max={100}
            value={progress}
            aria-label="Upload progress"
          />
        </div>
      )}
      <ul className="grid gap-2" aria-label="Files to upload">
        {files.map((file, index) => (
          <UploadItem
            key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
            file={file}
            error={errors[index]}
            disabled={disabled}
            onCrop={() => setCropping(index)}
            onRemove={() => onRemove(index)}
          />
        ))}
      </ul>
      {cropping !== null && files[cropping] && (
        <Suspense fallback={null}>
          <ImageCropper
            file={files[cropping]}
            open
            onOpenChange={(open) => !open && setCropping(null)}
            onCropped={(cropped) => onReplace(cropping, cropped)}
          />
        </Suspense>
      )}
    </div>
  )
}

function UploadItem({
  file,
  error,
  disabled,
  onCrop,
  onRemove,
}: {
  file: File
  error?: string
  disabled?: boolean
  onCrop: () => void
  onRemove: () => void
}) {
  const kind = kindOf(file)
  return (
    <li
      className={cn(
        'flex items-center gap-3 rounded-lg border bg-card p-2',
        error && 'border-destructive'
      )}
      data-testid="upload-item"
    >
      <Preview file={file} kind={kind} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{file.name}</p>
        <p className="text-xs text-muted-foreground">{formatSize(file.size)}</p>
        {error && (
          <p role="alert" className="mt-0.5 text-xs text-destructive">
            {error}
          </p>
        )}
      </div>
      {canCrop(file) && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onCrop}
          disabled={disabled}
          aria-label={`Crop ${file.name}`}
        >
          <Crop className="size-4" aria-hidden />
          <span className="hidden sm:inline">Crop</span>
        </Button>
      )}
      <Button
        type="button"
        variant="ghost"
        size="icon"
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${file.name}`}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </li>
  )
}

function Preview({ file, kind }: { file: File; kind: ReturnType<typeof kindOf> }) {
  const url = useObjectUrl(kind === 'image' ? file : null)
  const box = 'grid size-12 shrink-0 place-items-center overflow-hidden rounded-md bg-muted'
  if (kind === 'image' && url) {
    return (
      <span className={box}>
        <img src={url} alt="" className="size-full object-cover" />
      </span>
    )
  }
  const Icon = kind === 'video' ? Film : kind === 'pdf' ? FileText : ImageIcon
  return (
    <span className={box}>
      <Icon className="size-5 text-muted-foreground" aria-hidden />
    </span>
  )
}
