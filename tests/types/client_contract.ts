/**
 * Typecheck fixture: the shapes `inertia/` declares for what the server sends
 * must be the shapes the server builds (docs/architecture.md, "The server →
 * page contract"). Never run: `npm run typecheck` compiles it, and a field
 * added, dropped or retyped on one side only fails it. The client types are
 * read from the inertia/ project's declarations (tsconfig references).
 */
import type { InferSharedProps } from '@adonisjs/inertia/types'
import type InertiaMiddleware from '#middleware/inertia_middleware'
import type { SharedFlash } from '#middleware/inertia_middleware'
import type UserTransformer from '#transformers/user_transformer'
import type { FeedPostJson, DetailPostJson } from '#transformers/post_transformer'
import type { authorJson, mediaJson } from '#transformers/post_transformer'
import type { CommentJson } from '#transformers/comment_transformer'
import type { ProfileJson } from '#transformers/profile_transformer'
import type { FlashData, SelfUser, SharedProps } from '../../inertia/types.js'
import type {
  DetailPost,
  FeedPost,
  PostAuthor,
  PostComment,
  PostMedia,
} from '../../inertia/components/posts/types.js'
import type { Profile } from '../../inertia/pages/Homepage/UserProfile.js'

/** true when each type is assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

export const contract: Record<string, true> = {
  sharedProps: true satisfies Same<SharedProps, InferSharedProps<InertiaMiddleware>>,
  flash: true satisfies Same<FlashData, Partial<SharedFlash>>,
  selfUser: true satisfies Same<SelfUser, ReturnType<typeof UserTransformer.forSelf>>,
  person: true satisfies Same<PostAuthor, ReturnType<typeof UserTransformer.forPublic>>,
  author: true satisfies Same<PostAuthor, ReturnType<typeof authorJson>>,
  media: true satisfies Same<PostMedia, ReturnType<typeof mediaJson>>,
  feedPost: true satisfies Same<FeedPost, FeedPostJson>,
  detailPost: true satisfies Same<DetailPost, DetailPostJson>,
  comment: true satisfies Same<PostComment, CommentJson>,
  profile: true satisfies Same<Profile, ProfileJson>,
}
