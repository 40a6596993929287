import { ReactRenderer } from '@tiptap/react'
import Mention, { type MentionNodeAttrs } from '@tiptap/extension-mention'
import type { SuggestionOptions, SuggestionProps } from '@tiptap/suggestion'
import { MentionList, type MentionListHandle } from '~/components/composer/mention_list'
import { route } from '~/lib/route'
import type { Data } from '~data'

/**
 * People the author may tag, from the server (GET /mentions?q=): the same
 * rule as the server's extraction, so what the list offers is what the
 * post will keep. Aborted when the query changes.
 */
async function searchPeople(query: string, signal: AbortSignal): Promise<Data.Person[]> {
  const response = await fetch(route('mentions.search', undefined, { q: query }), {
    headers: { 'Accept': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) return []
  const body = (await response.json()) as { users?: Data.Person[] }
  return body.users ?? []
}

type Props = SuggestionProps<Data.Person, MentionNodeAttrs>

const suggestion: Omit<SuggestionOptions<Data.Person, MentionNodeAttrs>, 'editor'> = {
  char: '@',
  debounce: 150,
  items: ({ query, signal }) => searchPeople(query, signal).catch(() => []),
  render: () => {
    let renderer: ReactRenderer<MentionListHandle, any> | null = null
    let unmount: (() => void) | null = null
    const listProps = (props: Props) => ({
      items: props.items,
      loading: props.loading,
      query: props.query,
      command: props.command,
    })
    return {
      onStart(props: Props) {
        renderer = new ReactRenderer(MentionList, { props: listProps(props), editor: props.editor })
        unmount = props.mount(renderer.element as HTMLElement)
      },
      onUpdate(props: Props) {
        renderer?.updateProps(listProps(props))
      },
      onKeyDown({ event }) {
        if (event.key === 'Escape') return false
        return renderer?.ref?.onKeyDown(event) ?? false
      },
      onExit() {
        unmount?.()
        renderer?.destroy()
        unmount = null
        renderer = null
      },
    }
  },
}

/**
 * Mentions stored by the server as `<span class="mention" data-id="7">@ana</span>`
 * (the sanitiser drops other attributes): read back from that shape too,
 * so editing a post keeps its tags.
 */
export const PostMention = Mention.extend({
  parseHTML() {
    return [{ tag: 'span[data-type="mention"]' }, { tag: 'span.mention[data-id]' }]
  },
  addAttributes() {
    return {
      ...this.parent?.(),
      label: {
        default: null,
        parseHTML: (element: HTMLElement) =>
          element.getAttribute('data-label') ?? element.textContent?.replace(/^@/, '') ?? null,
        renderHTML: (attributes: { label?: string | null }) =>
          attributes.label ? { 'data-label': attributes.label } : {},
      },
    }
  },
}).configure({
  HTMLAttributes: { class: 'mention' },
  suggestion,
})
