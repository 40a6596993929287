import { useState } from 'react'
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
import { useObjectUrl } from '~/hooks/use_object_url'
import { cn } from '~/lib/utils'

/** Output is capped so a phone photo does not become a 50-megapixel canvas. */
const MAX_OUTPUT_SIDE = 4096

const ASPECTS = [
  { label: 'Original', value: null },
  { label: 'Square', value: 1 },
  { label: '4:3', value: 4 / 3 },
  { label: '16:9', value: 16 / 9 },
  { label: 'Portrait 4:5', value: 4 / 5 },
] as const

/**
 * Crops an image before upload (react-easy-crop in a dialog): drag to move,
 * wheel / pinch / slider to zoom, arrow keys on the crop area. The cropped
 * area is drawn on a canvas and handed back as a new File of the same type,
 * which replaces the original in the upload list. Loaded on demand.
 */
export default function ImageCropper({
  file,
  open,
  onOpenChange,
  onCropped,
}: {
  file: File
  open: boolean
  onOpenChange: (open: boolean) => void
  onCropped: (file: File) => void
}) {
  const url = useObjectUrl(file)
  const [crop, setCrop] = useState({ x: 0, y: 0 })
  const [zoom, setZoom] = useState(1)
  const [aspect, setAspect] = useState<number | null>(null)
  const [natural, setNatural] = useState<number>(4 / 3)
  const [area, setArea] = useState<Area | null>(null)
  const [working, setWorking] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function apply() {
    if (!url || !area) return
    setWorking(true)
    setError(null)
    try {
      onCropped(await cropToFile(url, area, file))
      onOpenChange(false)
    } catch {
      setError('The image could not be cropped. Try again, or upload it as it is.')
    } finally {
      setWorking(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Crop image</DialogTitle>
          <DialogDescription>
            Drag to move, zoom with the slider, mouse wheel or a pinch. Arrow keys move the image
            when the crop area has focus.
          </DialogDescription>
        </DialogHeader>
        <div className="relative h-72 overflow-hidden rounded-lg bg-neutral-900 sm:h-96">
          {url && (
            <Cropper
              image={url}
              crop={crop}
              zoom={zoom}
              aspect={aspect ?? natural}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={(size) => setNatural(size.naturalWidth / size.naturalHeight)}
              cropperProps={{ 'aria-label': 'Crop area' } as React.HTMLAttributes<HTMLDivElement>}
            />
          )}
        </div>
        <div className="grid gap-3">
          <div className="flex items-center gap-3">
            <ZoomIn className="size-4 text-muted-foreground" aria-hidden />
            <label htmlFor="crop-zoom" className="sr-only">
              Zoom
            </label>
            <input
              id="crop-zoom"
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(event) => setZoom(Number(event.target.value))}
              className="w-full accent-primary"
            />
          </div>
          <div role="radiogroup" aria-label="Shape" className="flex flex-wrap gap-2">
            {ASPECTS.map((option) => {
              const selected = aspect === option.value
              return (
                <button
                  key={option.label}
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  onClick={() => setAspect(option.value)}
                  className={cn(
                    'rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-2 focus-visible:outline-ring',
                    selected ? 'border-primary bg-accent text-accent-foreground' : 'hover:bg-muted'
                  )}
                >
                  {option.label}
                </button>
              )
            })}
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" onClick={apply} disabled={!area || working}>
            {working ? 'Cropping…' : 'Use cropped image'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function loadImage(url: string) {
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = reject
    image.src = url
  })
}

/** Draws the cropped area (scaled down to MAX_OUTPUT_SIDE) and encodes it like the original. */
async function cropToFile(url: string, area: Area, original: File) {
  const image = await loadImage(url)
  const scale = Math.min(1, MAX_OUTPUT_SIDE / Math.max(area.width, area.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(area.width * scale))
  canvas.height = Math.max(1, Math.round(area.height * scale))
  const context = canvas.getContext('2d')
  if (!context) throw new Error('No canvas')
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height
  )
  const type = /^image\/(jpeg|png|webp)$/.test(original.type) ? original.type : 'image/jpeg'
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92))
  if (!blob) throw new Error('Encoding failed')
  return new File([blob], original.name, { type, lastModified: Date.now() })
}
