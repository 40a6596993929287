/**
 * Composer drafts kept in this browser (issue 15 §1): the text of a new
 * post, a comment or a message survives a closed tab or a lost connection
 * (a new post's is offered back; a comment's or message's is put back in
 * its box). Stored under the signed-in person's id, never sent anywhere,
 * and removed once sent, when discarded, and on sign-out and user switch
 * (forgetDrafts). Text only: attached files are not kept.
 */
export type Draft = { body: string; savedAt: number }

const PREFIX = 'huddle-draft:'

/**
 * A new post's draft is one per person; a comment's is per post and a
 * message's per conversation (`scope`: the post id, the other's username).
 */
export function draftKey(kind: 'post' | 'comment' | 'message', userId: number, scope?: string) {
  return scope === undefined ? `${PREFIX}${kind}:${userId}` : `${PREFIX}${kind}:${userId}:${scope}`
}

/** Keeps `body` as the draft under `key`, 400 ms after the last change (a React effect's body). */
export function saveDraftSoon(key: string | null, body: string) {
  if (!key) return undefined
  const timer = setTimeout(() => saveDraft(key, body), 400)
  return () => clearTimeout(timer)
}

export function readDraft(key: string | null): Draft | null {
  if (!key) return null
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? 'null') as Draft | null
    return value && typeof value.body === 'string' && value.body ? value : null
  } catch {
    return null
  }
}

export function saveDraft(key: string, body: string) {
  try {
    if (body) localStorage.setItem(key, JSON.stringify({ body, savedAt: Date.now() }))
    else localStorage.removeItem(key)
  } catch {
    // Storage full or disabled: no draft, as before.
  }
}

export function dropDraft(key: string | null) {
  if (!key) return
  try {
    localStorage.removeItem(key)
  } catch {}
}

/** Every draft in this browser (sign-out: the next person here sees none). */
export function forgetDrafts() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PREFIX)) localStorage.removeItem(key)
    }
  } catch {}
}
