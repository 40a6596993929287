/**
 * A short name for a browser and its system from a User-Agent header
 * ("Firefox on Android"), for lists of one's own devices. Never shown to
 * anyone else.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

export function deviceLabel(userAgent: string | undefined | null) {
  const agent = userAgent ?? ''
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1] ?? 'A browser'
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
  return system ? `${browser} on ${system}` : browser
}
