import { useState } from 'react'
import { router } from '@inertiajs/react'
import Cropper, { type Area } from 'react-easy-crop'
import { ZoomIn } from 'lucide-react'
import { Button } from '~/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog'
import { FieldError } from '~/components/ui/field'
import { useObjectUrl } from '~/hooks/use_object_url'
import { route } from '~/lib/route'

export type ProfileImageKind = 'avatar' | 'cover'

/**
 * Crop and upload an avatar (circle, square output) or a cover (3:1), with
 * react-easy-crop like the composer's cropper. The original file goes up
 * with the chosen rectangle (pixels of the upright image); the server
 * checks both, crops, re-encodes and stores (app/services/profile_images.ts).
 * Refusals show in the dialog (error bag = the kind); success closes it
 * and the server's flash confirms.
 */
export function ProfileImageDialog({
  kind,
  file,
  onClose,
}: {
  kind: ProfileImageKind
  file: File
  onClose: () => void
}) {
  const url = useObjectUrl(file)
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [area, setArea] = useState<Area | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const avatar = kind === 'avatar'

  const upload = () => {
    if (!area) return
    const pixels = {
      x: Math.max(0, Math.round(area.x)),
      y: Math.max(0, Math.round(area.y)),
      width: Math.round(area.width),
      height: Math.round(area.height),
    }
    router.post(
      route(avatar ? 'profile.avatar.update' : 'profile.cover.update'),
      { [kind]: file, ...pixels },
      {
        forceFormData: true,
        preserveScroll: true,
        errorBag: kind,
        onStart: () => setProgress(0),
        onProgress: (event) => setProgress(event?.percentage ?? null),
        onError: (bag) => setErrors(bag as Record<string, string>),
        // Called only when the reply carries no errors for this form.
        onSuccess: () => onClose(),
        onFinish: () => setProgress(null),
      }
    )
  }

  const problem =
    errors[kind] ??
    errors.crop ??
    errors.x ??
    errors.y ??
    errors.width ??
    errors.height ??
    errors.E_TOO_MANY_REQUESTS
  return (
    <Dialog open onOpenChange={(open) => !open && progress === null && onClose()}>
      <DialogContent className="max-w-2xl" data-testid={`${kind}-dialog`}>
        <DialogHeader>
          <DialogTitle>{avatar ? 'Crop your avatar' : 'Crop your cover image'}</DialogTitle>
          <DialogDescription>
            {avatar
              ? 'Your avatar is shown in a circle. Drag to move it, zoom with the slider, the mouse wheel or a pinch.'
              : 'The cover is three times as wide as it is high. Drag to move it, zoom with the slider, the mouse wheel or a pinch.'}{' '}
            Arrow keys move the image when the crop area has focus.
          </DialogDescription>
        </DialogHeader>
        <div className="relative h-72 overflow-hidden rounded-lg bg-neutral-900 sm:h-96">
          {url && (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              aspect={avatar ? 1 : 3}
              cropShape={avatar ? 'round' : 'rect'}
              showGrid={!avatar}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              cropperProps={{ 'aria-label': 'Crop area' } as React.HTMLAttributes<HTMLDivElement>}
            />
          )}
        </div>
        <div className="flex items-center gap-3">
          <ZoomIn className="size-4 text-muted-foreground" aria-hidden />
          <label htmlFor={`${kind}-zoom`} className="sr-only">
            Zoom
          </label>
          <input
            id={`${kind}-zoom`}
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="w-full accent-primary"
          />
        </div>
        {progress !== null && (
          <progress
            className="h-2 w-full accent-primary"
            max={100}
            value={progress}
            aria-label="Upload progress"
          />
        )}
        <FieldError message={problem} />
        <DialogFooter>
          <Button variant="outline" type="button" onClick={onClose} disabled={progress !== null}>
            Cancel
          </Button>
          <Button type="button" onClick={upload} disabled={!area || progress !== null}>
            {progress !== null ? 'Uploading…' : avatar ? 'Save avatar' : 'Save cover'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/**
 * A hidden file input plus a button that opens it; the chosen image opens
 * the crop dialog. Non-images are refused right away (the server checks the
 * content anyway).
 */
export function ProfileImagePicker({
  kind,
  accept,
  maxFileMb,
  children,
  variant = 'outline',
  size,
}: {
  kind: ProfileImageKind
  accept: string
  maxFileMb: number
  children: React.ReactNode
  variant?: 'outline' | 'default' | 'ghost'
  size?: 'sm' | 'default'
}) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const inputId = `${kind}-file`
  return (
    <>
      <input
        id={inputId}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const chosen = event.target.files?.[0] ?? null
          event.target.value = ''
          if (!chosen) return
          if (!chosen.type.startsWith('image/')) {
            setError(`${chosen.name} is not an image. Choose a JPEG, PNG, GIF or WebP file.`)
            return
          }
          if (chosen.size > maxFileMb * 1024 * 1024) {
            setError(`${chosen.name} is larger than ${maxFileMb} MB.`)
            return
          }
          setError(null)
          setFile(chosen)
        }}
      />
      <Button
        type="button"
        variant={variant}
        size={size}
        onClick={() => document.getElementById(inputId)?.click()}
      >
        {children}
      </Button>
      {error && (
        <p role="alert" className="basis-full text-sm text-destructive">
          {error}
        </p>
      )}
      {file && <ProfileImageDialog kind={kind} file={file} onClose={() => setFile(null)} />}
    </>
  )
}
