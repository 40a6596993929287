/** C0/C1 controls except tab and newline, bidi embeddings/overrides/isolates, zero-width and BOM. */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it removes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g

/**
 * A message body as stored: plain text (shown as text, never parsed as
 * HTML), NFC, Unix newlines, no control or direction-override characters,
 * at most two blank lines in a row, trimmed.
 */
export function cleanMessageBody(text: string | null | undefined) {
  return String(text ?? '')
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(UNSAFE, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{4,}/g, '\n\n\n')
    .trim()
}
