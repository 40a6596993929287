/**
 * JSON for a `<script type="application/json">` element of the HTML shell.
 * User text inside it must not change how the HTML parser reads the
 * element: `<!--<script` would switch the parser into the "double escaped"
 * state, where the closing `</script>` no longer ends it and the page stays
 * blank (issue 16 item 2). Every `<` becomes `\u003c` (so no `<!--`,
 * `<script` or `</script` survives), and `>`, `&`, U+2028 and U+2029 are
 * escaped too, like serialize-javascript does; JSON.parse reads them back
 * unchanged.
 */
const UNSAFE = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

export function scriptJson(value: unknown) {
  return JSON.stringify(value).replace(UNSAFE, (char) => ESCAPES[char])
}
