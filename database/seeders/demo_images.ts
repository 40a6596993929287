import sharp from 'sharp'

/**
 * Demo pictures drawn locally (no network): SVG scenes with gradients,
 * shapes and a caption, rendered by sharp to JPEG or PNG. Deterministic:
 * the same scene and caption give the same bytes. The seeder then sends
 * them through the real upload pipeline (thumbnails, display sizes).
 */
export type Scene =
  'sunset' | 'city' | 'bubbles' | 'waves' | 'chart' | 'notes' | 'coffee' | 'plant' | 'confetti'

export interface DemoImage {
  scene: Scene
  caption: string
  /** Two gradient colours. */
  colors: [string, string]
  format?: 'jpeg' | 'png'
  width?: number
  height?: number
}

const FONT = 'DejaVu Sans, Helvetica, Arial, sans-serif'

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** A tiny deterministic PRNG (mulberry32), seeded from the caption. */
function random(seedText: string) {
  let seed = 0
  for (const char of seedText) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function sceneShapes(image: DemoImage, w: number, h: number): string {
  const rand = random(image.caption)
  switch (image.scene) {
    case 'sunset':
      return `
        <circle cx="${w * 0.68}" cy="${h * 0.5}" r="${h * 0.17}" fill="#ffe29a" fill-opacity="0.95"/>
        <polygon points="0,${h} ${w * 0.22},${h * 0.52} ${w * 0.42},${h} " fill="#2d1e4a" fill-opacity="0.85"/>
        <polygon points="${w * 0.25},${h} ${w * 0.55},${h * 0.42} ${w * 0.85},${h}" fill="#3b2766" fill-opacity="0.9"/>
        <polygon points="${w * 0.6},${h} ${w * 0.85},${h * 0.58} ${w},${h * 0.75} ${w},${h}" fill="#241638"/>`
    case 'city': {
      let rects = ''
      let x = 0
      while (x < w) {
        const bw = 50 + rand() * 90
        const bh = h * (0.25 + rand() * 0.45)
        rects += `<rect x="${x}" y="${h - bh}" width="${bw - 6}" height="${bh}" fill="#1b2440" fill-opacity="${0.7 + rand() * 0.3}"/>`
        for (let wy = h - bh + 18; wy < h - 20; wy += 28) {
          for (let wx = x + 10; wx < x + bw - 20; wx += 20) {
            if (rand() > 0.55)
              rects += `<rect x="${wx}" y="${wy}" width="8" height="12" fill="#ffd56b" fill-opacity="0.85"/>`
          }
        }
        x += bw
      }
      return `<circle cx="${w * 0.15}" cy="${h * 0.2}" r="${h * 0.07}" fill="#f4f1de"/>${rects}`
    }
    case 'bubbles':
    case 'confetti': {
      let shapes = ''
      for (let i = 0; i < 40; i++) {
        const cx = rand() * w
        const cy = rand() * h
        const r = image.scene === 'bubbles' ? 10 + rand() * 70 : 6 + rand() * 14
        const hue = Math.floor(rand() * 360)
        shapes +=
          image.scene === 'bubbles'
            ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${0.08 + rand() * 0.25}"/>`
            : `<rect x="${cx}" y="${cy}" width="${r}" height="${r * 2}" fill="hsl(${hue},85%,60%)" transform="rotate(${Math.floor(rand() * 90)} ${cx} ${cy})"/>`
      }
      return shapes
    }
    case 'waves':
      return [0.55, 0.68, 0.8]
        .map(
          (y, i) =>
            `<path d="M0 ${h * y} C ${w * 0.25} ${h * (y - 0.08)}, ${w * 0.5} ${h * (y + 0.08)}, ${w} ${h * (y - 0.03)} L ${w} ${h} L 0 ${h} Z" fill="#fff" fill-opacity="${0.18 + i * 0.12}"/>`
        )
        .join('')
    case 'chart': {
      let bars = `<rect x="${w * 0.08}" y="${h * 0.12}" width="${w * 0.84}" height="${h * 0.62}" rx="18" fill="#fff" fill-opacity="0.92"/>`
      const values = [0.3, 0.45, 0.4, 0.6, 0.72, 0.68, 0.9]
      values.forEach((v, i) => {
        const bw = (w * 0.7) / values.length
        const bh = h * 0.5 * v
        bars += `<rect x="${w * 0.13 + i * bw}" y="${h * 0.7 - bh}" width="${bw * 0.6}" height="${bh}" rx="6" fill="${image.colors[1]}"/>`
      })
      return bars
    }
    case 'notes': {
      const palette = ['#fff176', '#ffab91', '#a5d6a7', '#90caf9', '#ce93d8']
      let notes = `<rect x="${w * 0.05}" y="${h * 0.06}" width="${w * 0.9}" height="${h * 0.7}" rx="12" fill="#fafafa"/>`
      for (let i = 0; i < 9; i++) {
        const nx = w * 0.09 + (i % 3) * w * 0.29 + rand() * 20
        const ny = h * 0.1 + Math.floor(i / 3) * h * 0.21 + rand() * 10
        notes += `<rect x="${nx}" y="${ny}" width="${w * 0.22}" height="${h * 0.16}" fill="${palette[i % palette.length]}" transform="rotate(${(rand() - 0.5) * 8} ${nx} ${ny})"/>`
      }
      return notes
    }
    case 'coffee':
      return `
        <ellipse cx="${w / 2}" cy="${h * 0.48}" rx="${h * 0.3}" ry="${h * 0.3}" fill="#f5efe6"/>
        <ellipse cx="${w / 2}" cy="${h * 0.48}" rx="${h * 0.22}" ry="${h * 0.22}" fill="#6f4e37"/>
        <path d="M ${w / 2 - h * 0.08} ${h * 0.45} q ${h * 0.08} -${h * 0.1} ${h * 0.16} 0 q -${h * 0.08} ${h * 0.12} -${h * 0.16} 0" fill="#f5efe6" fill-opacity="0.8"/>`
    case 'plant':
      return `
        <rect x="${w * 0.42}" y="${h * 0.55}" width="${w * 0.16}" height="${h * 0.22}" rx="10" fill="#c56a3c"/>
        ${[-50, -25, 0, 25, 50]
          .map(
            (angle) =>
              `<ellipse cx="${w / 2}" cy="${h * 0.38}" rx="${h * 0.05}" ry="${h * 0.18}" fill="#2e7d32" fill-opacity="0.9" transform="rotate(${angle} ${w / 2} ${h * 0.55})"/>`
          )
          .join('')}`
  }
}

/**
 * The scene as an SVG document (720×480 by default: sharp's work in the
 * upload pipeline grows with the pixels, and `npm start` seeds on first run).
 * The caption is centred so square grid cells, which crop the sides, keep it.
 */
export function sceneSvg(image: DemoImage) {
  const w = image.width ?? 720
  const h = image.height ?? 480
  const [from, to] = image.colors
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${sceneShapes(image, w, h)}
  <rect width="${w}" height="${h}" fill="url(#shade)"/>
  <text x="${w / 2}" y="${h * 0.9}" text-anchor="middle" font-family="${FONT}" font-size="${Math.round(h * 0.07)}" font-weight="700" fill="#fff">${escapeXml(image.caption)}</text>
</svg>`
}

/** The scene rendered to JPEG (default) or PNG bytes. */
export async function renderImage(image: DemoImage): Promise<Buffer> {
  const pipeline = sharp(Buffer.from(sceneSvg(image)))
  return image.format === 'png'
    ? pipeline.png({ compressionLevel: 6 }).toBuffer()
    : pipeline.jpeg({ quality: 86 }).toBuffer()
}

/**
 * A small valid one-page PDF with a title and a few lines of text (built by
 * hand: objects, a content stream and an exact cross-reference table).
 */
export function renderPdf(title: string, lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)
  const textOps = [
    'BT',
    '/F1 24 Tf',
    '72 760 Td',
    `(${escape(title)}) Tj`,
    '/F1 12 Tf',
    ...lines.flatMap((line) => ['0 -24 Td', `(${escape(line)}) Tj`]),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(textOps, 'latin1')} >>\nstream\n${textOps}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let body = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'))
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = Buffer.byteLength(body, 'latin1')
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(body, 'latin1')
}
