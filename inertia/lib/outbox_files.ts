/**
 * The outbox's files (issue 15 §1): a post or message written offline with
 * attachments waits with them. The files are kept in this browser's
 * IndexedDB (`huddle-outbox-files`), one record per outbox item under its
 * Idempotency-Key and the person's id, written BEFORE the item enters the
 * outbox (lib/outbox.ts) so that a flush never finds half an item; they go
 * once the item is sent or refused, and all of them on sign-out and on a
 * user switch (lib/outbox.ts forgetOutboxes deletes the database). Storage
 * refused or full: nothing waits, the person is told, the form keeps its
 * content ("files cannot wait", as before).
 */
import { toast } from '~/lib/toast'
import { addToOutbox, OUTBOX_FILES_DB, type OutboxItem } from '~/lib/outbox'
const STORE = 'files'

type Kept = { key: string; userId: number; files: File[] }

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return reject(new Error('No IndexedDB'))
    const request = indexedDB.open(OUTBOX_FILES_DB, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' })
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
    request.onblocked = () => reject(new Error('IndexedDB blocked'))
  })
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest | void
): Promise<T | undefined> {
  const database = await open()
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const transaction = database.transaction(STORE, mode)
      const request = work(transaction.objectStore(STORE))
      transaction.oncomplete = () => resolve(request ? (request.result as T) : undefined)
      transaction.onerror = () => reject(transaction.error)
      transaction.onabort = () => reject(transaction.error ?? new Error('Aborted'))
    })
  } finally {
    database.close()
  }
}

/** Keeps the files of an outbox item; false when the browser refuses (full, private mode…). */
export async function saveOutboxFiles(userId: number, key: string, files: File[]) {
  try {
    // Blobs read now: a File from an <input> can become unreadable later.
    const copies = await Promise.all(
      files.map(
        async (file) =>
          new File([await file.arrayBuffer()], file.name, {
            type: file.type,
            lastModified: file.lastModified,
          })
      )
    )
    await run('readwrite', (store) => store.put({ key, userId, files: copies } satisfies Kept))
    return true
  } catch {
    return false
  }
}

/** The files of an item, or null when they are no longer kept (another person's, cleared). */
export async function readOutboxFiles(userId: number, key: string) {
  try {
    const kept = await run<Kept>('readonly', (store) => store.get(key))
    return kept && kept.userId === userId ? kept.files : null
  } catch {
    return null
  }
}

export async function deleteOutboxFiles(key: string) {
  try {
    await run('readwrite', (store) => store.delete(key))
  } catch {}
}

/**
 * Puts an item with files in the outbox: the files first, then the item.
 * Resolves to the item, or null (with a note to the person) when the browser
 * would not keep the files.
 */
export async function addToOutboxWithFiles(
  userId: number,
  item: Omit<OutboxItem, 'key' | 'createdAt' | 'files'> & { key: string },
  files: File[]
) {
  if (!(await saveOutboxFiles(userId, item.key, files))) {
    toast.error(
      'You’re offline and this browser would not keep the files (storage full or refused): files cannot wait. Send it once you’re back online.'
    )
    return null
  }
  return addToOutbox(userId, { ...item, files: files.length })
}
