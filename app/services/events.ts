import logger from '@adonisjs/core/services/logger'

/**
 * What an event class is built from: its own fields (BaseEvent adds no
 * instance members). Every event in app/events takes one object, so
 * `PostLiked.dispatch({ postId, postAuthorId, userId })` names each id
 * instead of relying on the order of several numbers.
 */
export type EventData<E> = { [K in keyof E]: E[K] }

/**
 * Runs a listener's work and logs its failure instead of throwing: every
 * listener runs after the feature's transaction committed, and the stored
 * state stays the truth (clients catch up on their next load), so a
 * failed side effect never fails the request that dispatched the event.
 */
export async function logged(listener: string, work: () => Promise<unknown>) {
  try {
    await work()
  } catch (error) {
    logger.error({ err: error, listener }, 'an event listener failed')
  }
}
