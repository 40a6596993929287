import { test } from '@japa/runner'
import { htmlToText, mentionCandidates, sanitizePostBody } from '#services/html_sanitizer'

/**
 * SECURITY.md T4: the stored-XSS corpus must come out inert from the
 * sanitiser alone (no reliance on CSP). "Inert" here: no element outside
 * the allow-list, no attribute outside the allow-list, no URL scheme other
 * than http(s)/mailto.
 */
const ALLOWED_TAG = /^<\/?(p|br|strong|em|a|ul|ol|li|span)( |>|\/>)/

function assertInert(assert: any, html: string) {
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    assert.match(tag, ALLOWED_TAG, `tag not allowed: ${tag}`)
    const attributes = [...tag.matchAll(/\s([a-z-]+)=/gi)].map((m) => m[1].toLowerCase())
    for (const name of attributes) {
      assert.include(['href', 'rel', 'target', 'class', 'data-id'], name, `attribute: ${tag}`)
    }
    const href = /href="([^"]*)"/.exec(tag)?.[1]
    if (href) assert.match(href, /^(https?:\/\/|mailto:)/i, `href: ${tag}`)
  }
  assert.notMatch(html, /javascript:|vbscript:|data:|onerror|onload|<script|<svg|<img|<iframe/i)
}

const VECTORS: [string, string][] = [
  ['script tag', '<p>hi<script>window.__xss=1</script></p>'],
  ['img onerror', '<img src=x onerror="window.__xss=1">'],
  ['svg onload', '<svg onload="window.__xss=1"><circle r="1"/></svg>'],
  ['javascript: link', '<a href="javascript:window.__xss=1">x</a>'],
  ['obfuscated javascript: link', '<a href="  jAvA&#x09;script:alert(1)">x</a>'],
  ['entity-encoded javascript: link', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['data: URL link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">x</a>'],
  ['mXSS noscript', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ['style tag', '<style>@import "//evil";</style><p>x</p>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['form action', '<form action="//evil"><button>go</button></form>'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=//evil">'],
  ['object/embed', '<object data="x.swf"></object><embed src="x.swf">'],
  ['event handler on allowed tag', '<p onclick="alert(1)" style="x">p</p>'],
  ['dangling markup', '<a href="https://ok.example/?q=<textarea>">x'],
  ['base tag', '<base href="https://evil.example/">'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  [
    'mention span with handler',
    '<span class="mention" data-id="1" onmouseover="alert(1)">@x</span>',
  ],
]

test.group('HTML sanitiser / XSS corpus', () => {
  for (const [label, vector] of VECTORS) {
    test(`${label} comes out inert`, ({ assert }) => {
      const { html } = sanitizePostBody(vector, new Map([[1, 'ana']]))
      assertInert(assert, html)
    })
  }

  test('a target=_blank link gets rel="nofollow noopener noreferrer" (no tab-nabbing)', ({
    assert,
  }) => {
    const { html } = sanitizePostBody(
      '<a href="https://example.com" target="_self" rel="opener">x</a>'
    )
    assert.equal(
      html,
      '<a href="https://example.com" rel="nofollow noopener noreferrer" target="_blank">x</a>'
    )
  })

  test('relative and protocol-relative links lose their link', ({ assert }) => {
    const { html } = sanitizePostBody(
      '<p><a href="/admin">a</a> <a href="//evil.example">b</a></p>'
    )
    assert.equal(html, '<p>a b</p>')
  })

  test('mailto links are kept', ({ assert }) => {
    const { html } = sanitizePostBody('<a href="mailto:team@example.com">mail</a>')
    assert.include(html, 'href="mailto:team@example.com"')
  })
})

test.group('HTML sanitiser / formatting and text', () => {
  test('keeps the editor’s formatting', ({ assert }) => {
    const input =
      '<p><strong>B</strong> <em>I</em></p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><p>a<br>b</p>'
    assert.equal(
      sanitizePostBody(input).html,
      '<p><strong>B</strong> <em>I</em></p><ul><li><p>one</p></li></ul><ol><li>two</li></ol><p>a<br />b</p>'
    )
  })

  test('<b> and <i> become <strong> and <em>', ({ assert }) => {
    assert.equal(
      sanitizePostBody('<p><b>x</b><i>y</i></p>').html,
      '<p><strong>x</strong><em>y</em></p>'
    )
  })

  test('text is plain: tags removed, entities decoded, lines kept', ({ assert }) => {
    const { text } = sanitizePostBody('<p>Tom &amp; Jerry &lt;3</p><p>line<br>two</p>')
    assert.equal(text, 'Tom & Jerry <3\n\nline\ntwo')
  })

  test('emoji and non-Latin text pass through', ({ assert }) => {
    assert.equal(sanitizePostBody('<p>🎉 Привет 你好</p>').text, '🎉 Привет 你好')
  })

  test('empty paragraphs only means no body at all', ({ assert }) => {
    assert.deepEqual(sanitizePostBody('<p></p><p> </p><p><br></p>'), {
      html: '',
      text: '',
      mentionIds: [],
    })
  })

  test('leading and trailing empty paragraphs are trimmed', ({ assert }) => {
    assert.equal(sanitizePostBody('<p></p><p>x</p><p></p>').html, '<p>x</p>')
  })

  test('htmlToText on lists', ({ assert }) => {
    assert.equal(htmlToText('<ul><li>a</li><li>b</li></ul>').trim(), 'a\nb')
  })
})

test.group('HTML sanitiser / auto-linking', () => {
  const link = (url: string, href = url) =>
    `<a href="${href}" rel="nofollow noopener noreferrer" target="_blank">${url}</a>`

  test('bare http(s) URLs become links, trailing punctuation stays outside', ({ assert }) => {
    assert.equal(
      sanitizePostBody('<p>Go to https://example.com/path, then http://x.org.</p>').html,
      `<p>Go to ${link('https://example.com/path')}, then ${link('http://x.org')}.</p>`
    )
  })

  test('www. addresses get http://', ({ assert }) => {
    assert.equal(
      sanitizePostBody('<p>www.example.com</p>').html,
      `<p>${link('www.example.com', 'http://www.example.com')}</p>`
    )
  })

  test('balanced parentheses stay in the URL, an enclosing one does not', ({ assert }) => {
    assert.equal(
      sanitizePostBody('<p>(see https://en.wikipedia.org/wiki/A_(b))</p>').html,
      `<p>(see ${link('https://en.wikipedia.org/wiki/A_(b)')})</p>`
    )
  })

  test('URLs already inside a link are not linked twice', ({ assert }) => {
    const html = sanitizePostBody('<p><a href="https://a.example">https://a.example</a></p>').html
    assert.equal(html.match(/<a /g)?.length, 1)
  })

  test('a URL cannot break out of its attribute', ({ assert }) => {
    const { html } = sanitizePostBody('<p>https://x.example/"onmouseover="alert(1)</p>')
    assertInert(assert, html)
    assert.notInclude(html, '" onmouseover')
  })

  test('a URL glued after another one, past an escaped < or >, is linked too (once)', ({
    assert,
  }) => {
    const { html } = sanitizePostBody('<p>https://a.example/&lt;b&gt;https://c.example/ done</p>')
    assert.equal(
      html,
      `<p>${link('https://a.example/')}&lt;b&gt;${link('https://c.example/')} done</p>`
    )
    // Sanitising the output again changes nothing (it used to link the second URL only then).
    assert.equal(sanitizePostBody(html).html, html)
    assertInert(assert, html)
  })

  test('thousands of URLs glued together are linked in one pass, without recursion', ({
    assert,
  }) => {
    // A body at the composer's size limit (60,000 characters of HTML).
    const { html } = sanitizePostBody(`<p>${'http://a&lt;'.repeat(4999)}</p>`)
    assert.equal(html.match(/<a /g)?.length, 4999)
    assert.equal(sanitizePostBody(html).html, html)
  })

  test('a URL that ends in & keeps the text as written (no stray ";")', ({ assert }) => {
    const { html, text } = sanitizePostBody(
      '<p>see http://a.example/?b=1&amp; and http://c.example&amp;.</p>'
    )
    assert.equal(
      html,
      `<p>see ${link('http://a.example/?b=1&amp;')} and ${link('http://c.example&amp;')}.</p>`
    )
    assert.equal(text, 'see http://a.example/?b=1& and http://c.example&.')
    assert.equal(sanitizePostBody(html).html, html)
  })

  test('javascript: in text is not linked', ({ assert }) => {
    assert.equal(sanitizePostBody('<p>javascript:alert(1)</p>').html, '<p>javascript:alert(1)</p>')
  })
})

test.group('HTML sanitiser / mentions', () => {
  test('known mentions are kept with the real username; others become text', ({ assert }) => {
    const directory = new Map([[7, 'ana']])
    const { html, mentionIds } = sanitizePostBody(
      '<p><span class="mention" data-id="7">@impostor</span> <span class="mention" data-id="8">@ben</span></p>',
      directory
    )
    assert.equal(html, '<p><span class="mention" data-id="7">@ana</span> @ben</p>')
    assert.deepEqual(mentionIds, [7])
  })

  test('data-id without the mention class is not a mention', ({ assert }) => {
    const { html, mentionIds } = sanitizePostBody(
      '<p><span data-id="7">@ana</span></p>',
      new Map([[7, 'ana']])
    )
    assert.equal(html, '<p>@ana</p>')
    assert.deepEqual(mentionIds, [])
  })

  test('candidates are numeric ids of mention spans, without duplicates', ({ assert }) => {
    assert.deepEqual(
      mentionCandidates(
        '<span class="mention" data-id="3">a</span><span class="mention" data-id="3">b</span><span class="mention" data-id="x1">c</span><span class="mention" data-id="0">d</span>'
      ),
      [3]
    )
  })

  test('attribute names in any case are candidates; entity-encoded classes too', ({ assert }) => {
    assert.deepEqual(
      mentionCandidates(
        '<p><SPAN CLASS="mention" DATA-ID="5">@bo</SPAN> and <span class="&#109;ention" data-id="6">x</span></p>'
      ),
      [5, 6]
    )
    assert.deepEqual(mentionCandidates('<p>data id 7, class mention, no span</p>'), [])
  })
})

/** Bodies made of pieces the pipeline treats specially, from a fixed seed. */
function generatedBodies(count: number) {
  const pieces = [
    'https://a.example/x?y=1&z=2.',
    'www.b.example',
    '(see http://c.example/(d))',
    'http://e.example/&lt;f&gt;http://g.example',
    '&amp; &lt; &gt; &quot; &nbsp;',
    '<a href="https://h.example">link</a>',
    '<a href="javascript:alert(1)">bad</a>',
    '<span class="mention" data-id="1">@someone</span>',
    '<span class="mention" data-id="2">@unknown</span>',
    '<span>bare <span>nested</span></span>',
    '<b>bold</b> <i>it</i>',
    '<script>gone()</script>',
    '<br>',
    '   ',
    '\n\t',
    'plain words',
    'mailto:x@y.example',
    '<img src=x onerror=alert(1)>',
    '<ul><li>one</li><li><p>two</p></li></ul>',
    'x'.repeat(40),
  ]
  // A 32-bit linear congruential generator in integer arithmetic (in
  // doubles, the product loses bits and the sequence cycles within ~14,000).
  let seed = 7
  const next = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296
  const bodies: string[] = []
  for (let i = 0; i < count; i++) {
    const paragraphs: string[] = []
    const n = 1 + Math.floor(next() * 4)
    for (let p = 0; p < n; p++) {
      let text = ''
      const m = Math.floor(next() * 6)
      for (let k = 0; k < m; k++) text += pieces[Math.floor(next() * pieces.length)]
      paragraphs.push(next() < 0.2 ? text : `<p>${text}</p>`)
    }
    bodies.push(paragraphs.join(next() < 0.5 ? '' : '\n'))
  }
  return bodies
}

test.group('HTML sanitiser / a text over the limit', () => {
  test('stops before linking, with the text the full pipeline gives', ({ assert }) => {
    const directory = new Map([[1, 'ana']])
    const generated = generatedBodies(3000)
    assert.isAbove(new Set(generated).size, 2700)
    const bodies = [...VECTORS.map(([, vector]) => vector), ...generated]
    let stopped = 0
    for (const body of bodies) {
      const full = sanitizePostBody(body, directory)
      // A limit of 0: every body with text stops after the first pass.
      const early = sanitizePostBody(body, directory, { maxText: 0 })
      assert.equal(early.text, full.text, body)
      assertInert(assert, early.html)
      assertInert(assert, full.html)
      // The full pipeline's output is a fixed point.
      assert.equal(sanitizePostBody(full.html, directory).html, full.html, body)
      if (full.text.length > 0) stopped++
    }
    assert.isAbove(stopped, 2500)
  })

  test('60,000 characters of bare URLs are not linked when the text is over the limit', ({
    assert,
  }) => {
    const body = `<p>${'https://a.example/ '.repeat(3150)}</p>`
    const early = sanitizePostBody(body, new Map(), { maxText: 5000 })
    assert.equal(early.text.length, 19 * 3150 - 1)
    assert.notInclude(early.html, '<a ')
    // Under the limit, the same URLs are linked.
    const linked = sanitizePostBody(body, new Map(), { maxText: 100_000 })
    assert.equal(linked.html.match(/<a /g)?.length, 3150)
    assert.equal(linked.text, early.text)
  })
})
