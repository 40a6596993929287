/*
|--------------------------------------------------------------------------
| Bouncer policies
|--------------------------------------------------------------------------
*/
export const policies = {
  UserPolicy: () => import('#policies/user_policy'),
  SettingsPolicy: () => import('#policies/settings_policy'),
  CommentPolicy: () => import('#policies/comment_policy'),
  PostPolicy: () => import('#policies/post_policy'),
}
