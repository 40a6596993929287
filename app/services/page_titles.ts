/**
 * The document title of the first HTML answer, "{page title} - {team
 * abbreviation}", so a tab, a bookmark or a shared link has it before
 * JavaScript runs (issue 17 item 5). The pages set the same title on the
 * client (inertia/components/shell/page_title.tsx) for later visits; the
 * browser suite checks that both agree on every page it walks.
 */
type Props = Record<string, any>
type Title = string | ((props: Props) => string)

const postBy = (props: Props) => `Post by ${props.post?.author?.fullName ?? 'a former member'}`

const TITLES: Record<string, Title> = {
  'Welcome': 'Welcome',
  'Dashboard': 'Dashboard',
  'Dashboard/Notification': 'Notifications',
  'Home': (props) => (props.feed === 'public' ? 'Public feed' : 'Home'),
  'Homepage/ChangePassword': 'Change password',
  'Homepage/CreatePost': 'New post',
  'Homepage/EditPost': (props) => (props.post?.isShare ? 'Edit share' : 'Edit post'),
  'Homepage/LikedPost': 'My likes',
  'Homepage/MyPost': 'My posts',
  'Homepage/MyVideo': 'My videos',
  'Homepage/Notifications': 'Notifications',
  'Homepage/PostDetail': postBy,
  'Homepage/Search': (props) => (props.q ? `Search: ${props.q}` : 'Team'),
  'Homepage/TopPost': 'Top posts',
  'Homepage/UserProfile': (props) => props.profile?.fullName ?? 'Profile',
  'PhotoAlbum/Index': 'My photos',
  'Auth/ConfirmPassword': 'Confirm your password',
  'Auth/ForgotPassword': 'Forgot password',
  'Auth/Login': 'Sign in',
  'Auth/Register': 'Create an account',
  'Auth/ResetPassword': 'Reset password',
  'Auth/VerifyEmail': 'Verify your e-mail address',
  'Auth/Unsubscribe': 'E-mail notifications',
  'Errors/Forbidden': 'Not allowed',
  'Errors/NotFound': 'Page not found',
  'Dev/Outbox': 'Mail outbox',
  'Dev/OutboxShow': (props) => props.message?.subject ?? 'Mail outbox',
  'Messages/Index': 'Messages',
  'Messages/Show': (props) => `Messages with ${props.other?.fullName ?? ''}`,
  'Posts/Form': (props) =>
    props.post ? `Edit post by ${props.post.author?.fullName ?? 'a former member'}` : 'New post',
  'Posts/Index': 'Admin posts',
  'PostModerations/Index': 'Moderation queue',
  'PostModerations/IndexST': 'Team posts',
  'Reports/Index': 'Reports',
  'Reports/Show': (props) =>
    props.group?.subjectType === 'user' ? 'Reported person' : 'Reported post',
  'Posts/Show': postBy,
  'Profile/Cover': 'Cover image',
  'Profile/Index': (props) => props.person?.fullName ?? 'Account',
  'Profile/Photos': (props) => (props.kind === 'cover' ? 'Cover review' : 'Photo review'),
  'Profile/UserEdit': (props) => `Edit ${props.person?.fullName ?? 'account'}`,
  'Profile/Edit': 'Profile settings',
  'Profile/Notifications': 'Notification settings',
  'Settings/AppSetting': 'Settings',
  'AuditLog/Index': 'Audit log',
  'Settings/Webhooks': 'Webhooks',
  'Jobs/Failed': 'Failed jobs',
  'Users/PublicUserList': 'External accounts',
  'Users/UserList': 'People',
  'Users/AdminList': 'Administrators',
  'Users/AdminForm': (props) =>
    props.admin ? `Edit ${props.admin.fullName}` : 'Add an administrator',
  'Users/RegisterSuccess': 'Account created',
}

/** "{page title} - {team abbreviation}" (the team alone for a page not listed). */
export function serverPageTitle(page: { component: string; props?: Props }, abbreviation: string) {
  const team = abbreviation.trim()
  const entry = TITLES[page.component]
  const title = typeof entry === 'function' ? entry(page.props ?? {}) : entry
  if (!title) return team || 'Huddle'
  return team ? `${title} - ${team}` : title
}
