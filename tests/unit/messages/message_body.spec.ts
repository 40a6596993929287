import { test } from '@japa/runner'
import { cleanMessageBody } from '#services/messages/message_body'
import { previewText } from '#transformers/messages/conversation_transformer'

test.group('Messages / body cleaning', () => {
  test('keeps text and newlines; drops controls, direction overrides and zero-width characters', ({
    assert,
  }) => {
    assert.equal(cleanMessageBody('  Hello\r\nWorld \t\n'), 'Hello\nWorld')
    assert.equal(cleanMessageBody('a\u0000b\u0007c\u001bd'), 'abcd')
    assert.equal(cleanMessageBody('evil\u202egnp.exe'), 'evilgnp.exe')
    assert.equal(cleanMessageBody('zero\u200bwidth\ufeff'), 'zerowidth')
    assert.equal(cleanMessageBody('tab\tkept'), 'tab\tkept')
    assert.equal(cleanMessageBody('e\u0301'), '\u00e9', 'NFC')
    assert.equal(cleanMessageBody('a\n\n\n\n\n\nb'), 'a\n\n\nb', 'at most two blank lines')
    assert.equal(
      cleanMessageBody('<b>bold</b> & <script>'),
      '<b>bold</b> & <script>',
      'text, not HTML'
    )
    assert.equal(cleanMessageBody(null), '')
    assert.equal(cleanMessageBody(' \u200b \n '), '')
  })

  test('previews: one line, shortened, or the attachment count', ({ assert }) => {
    assert.equal(previewText('Hello\n\nthere', 0), 'Hello there')
    assert.equal(previewText('x'.repeat(200), 0), `${'x'.repeat(119)}…`)
    assert.equal(previewText('', 1), 'Sent an attachment')
    assert.equal(previewText('', 3), 'Sent 3 attachments')
  })
})
