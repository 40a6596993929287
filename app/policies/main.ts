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
  AdminSystemPolicy: () => import('#policies/admin_system_policy'),
  DashboardPolicy: () => import('#policies/dashboard_policy'),
  ReportPolicy: () => import('#policies/report_policy'),
  MessagePolicy: () => import('#policies/message_policy'),
  MediaPolicy: () => import('#policies/media_policy'),
}
