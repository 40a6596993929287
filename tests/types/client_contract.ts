/**
 * Typecheck fixture for the shapes pages receive (docs/architecture.md, "The
 * shapes on both sides"). Never run: `npm run typecheck` compiles it twice,
 * in the root project (the server's view: `~data` read from the sources)
 * and in the inertia/ project (the pages' view: `~data` read from the
 * declarations of scripts/server_declarations.mjs, where an import that no
 * longer resolves would silently turn a type into `any`).
 *
 * The types themselves are generated from app/transformers, so nothing is
 * compared by hand any more; what can still break is the machinery:
 *  - a `Data.*` type (or a page's props) silently becoming `any`: `NotAny`
 *    fails;
 *  - a misspelt field compiling: each `@ts-expect-error` must meet an error,
 *    or tsc fails with TS2578.
 */
import type { Data } from '~data'

type IsAny<T> = 0 extends 1 & T ? true : false
type NotAny<T> = IsAny<T> extends true ? false : true

export const generated: Record<string, true> = {
  person: true satisfies NotAny<Data.Person>,
  user: true satisfies NotAny<Data.User>,
  self: true satisfies NotAny<Data.User.Variants['forSelf']>,
  adminUser: true satisfies NotAny<Data.User.Variants['forAdmin']>,
  media: true satisfies NotAny<Data.Media>,
  album: true satisfies NotAny<Data.Media.Variants['forAlbum']>,
  post: true satisfies NotAny<Data.Post>,
  postAuthor: true satisfies NotAny<NonNullable<Data.Post['author']>>,
  postDetail: true satisfies NotAny<Data.Post.Variants['forDetail']>,
  adminRow: true satisfies NotAny<Data.Post.Variants['forAdminRow']>,
  postForm: true satisfies NotAny<Data.PostForm>,
  comment: true satisfies NotAny<Data.Comment>,
  liker: true satisfies NotAny<Data.Liker>,
  profile: true satisfies NotAny<Data.Profile>,
  notification: true satisfies NotAny<Data.Notification>,
  notificationKind: true satisfies NotAny<Data.Notification['kind']>,
  message: true satisfies NotAny<Data.Messages.Message>,
  conversation: true satisfies NotAny<Data.Messages.Conversation>,
  personResult: true satisfies NotAny<Data.Search.PersonResult>,
  postResult: true satisfies NotAny<Data.Search.PostResult>,
  sharedProps: true satisfies NotAny<Data.SharedProps>,
  signedIn: true satisfies NotAny<Data.SharedProps['auth']['user']>,
  flash: true satisfies NotAny<Data.FlashMessages>,
}

export function misspeltFields(
  post: Data.Post,
  comment: Data.Comment,
  notification: Data.Notification,
  shared: Data.SharedProps
) {
  // The right fields compile.
  void [post.author?.fullName, post.counts.likes, comment.can.delete, notification.kind]
  void shared.auth.user?.email

  // @ts-expect-error a misspelt field of a generated type
  void post.autor
  // @ts-expect-error a misspelt field of a nested generated type
  void post.counts.like
  // @ts-expect-error a field the server does not send (never an e-mail on a card)
  void post.author?.email
  // @ts-expect-error a notification kind that does not exist
  void (notification.kind === 'post_likd')
  // @ts-expect-error a misspelt shared prop
  void shared.unreadNotification
}
