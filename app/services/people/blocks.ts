/**
 * One person blocking another (PRODUCT §8): BlockPerson / UnblockPerson
 * write the `blocks` rows, the visibility queries read them
 * (app/queries/people/blocked_pair.ts).
 */

/** The answer to blocking oneself (the web page and the API). */
export const SELF_BLOCK_MESSAGE = 'You cannot block yourself.'
