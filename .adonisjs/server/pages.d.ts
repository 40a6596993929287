import '@adonisjs/inertia/types'

import type React from 'react'
import type { Prettify } from '@adonisjs/core/types/common'

type ExtractProps<T> =
  T extends React.FC<infer Props>
    ? Prettify<Omit<Props, 'children'>>
    : T extends React.Component<infer Props>
      ? Prettify<Omit<Props, 'children'>>
      : never

declare module '@adonisjs/inertia/types' {
  export interface InertiaPages {
    'AuditLog/Index': ExtractProps<(typeof import('../../inertia/pages/AuditLog/Index.tsx'))['default']>
    'Auth/ConfirmPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ConfirmPassword.tsx'))['default']>
    'Auth/ForgotPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ForgotPassword.tsx'))['default']>
    'Auth/Login': ExtractProps<(typeof import('../../inertia/pages/Auth/Login.tsx'))['default']>
    'Auth/Register': ExtractProps<(typeof import('../../inertia/pages/Auth/Register.tsx'))['default']>
    'Auth/ResetPassword': ExtractProps<(typeof import('../../inertia/pages/Auth/ResetPassword.tsx'))['default']>
    'Auth/Unsubscribe': ExtractProps<(typeof import('../../inertia/pages/Auth/Unsubscribe.tsx'))['default']>
    'Auth/VerifyEmail': ExtractProps<(typeof import('../../inertia/pages/Auth/VerifyEmail.tsx'))['default']>
    'Dashboard': ExtractProps<(typeof import('../../inertia/pages/Dashboard.tsx'))['default']>
    'Dashboard/Account': ExtractProps<(typeof import('../../inertia/pages/Dashboard/Account.tsx'))['default']>
    'Dashboard/ActiveUsers': ExtractProps<(typeof import('../../inertia/pages/Dashboard/ActiveUsers.tsx'))['default']>
    'Dashboard/MostCommentPosts': ExtractProps<(typeof import('../../inertia/pages/Dashboard/MostCommentPosts.tsx'))['default']>
    'Dashboard/MostLikedPosts': ExtractProps<(typeof import('../../inertia/pages/Dashboard/MostLikedPosts.tsx'))['default']>
    'Dashboard/MostUserPosts': ExtractProps<(typeof import('../../inertia/pages/Dashboard/MostUserPosts.tsx'))['default']>
    'Dashboard/Notification': ExtractProps<(typeof import('../../inertia/pages/Dashboard/Notification.tsx'))['default']>
    'Dashboard/UserPosts': ExtractProps<(typeof import('../../inertia/pages/Dashboard/UserPosts.tsx'))['default']>
    'Dev/Outbox': ExtractProps<(typeof import('../../inertia/pages/Dev/Outbox.tsx'))['default']>
    'Dev/OutboxShow': ExtractProps<(typeof import('../../inertia/pages/Dev/OutboxShow.tsx'))['default']>
    'Errors/Forbidden': ExtractProps<(typeof import('../../inertia/pages/Errors/Forbidden.tsx'))['default']>
    'Errors/NotFound': ExtractProps<(typeof import('../../inertia/pages/Errors/NotFound.tsx'))['default']>
    'Errors/TooManyRequests': ExtractProps<(typeof import('../../inertia/pages/Errors/TooManyRequests.tsx'))['default']>
    'Home': ExtractProps<(typeof import('../../inertia/pages/Home.tsx'))['default']>
    'Homepage/ChangePassword': ExtractProps<(typeof import('../../inertia/pages/Homepage/ChangePassword.tsx'))['default']>
    'Homepage/CreatePost': ExtractProps<(typeof import('../../inertia/pages/Homepage/CreatePost.tsx'))['default']>
    'Homepage/EditPost': ExtractProps<(typeof import('../../inertia/pages/Homepage/EditPost.tsx'))['default']>
    'Homepage/LikedPost': ExtractProps<(typeof import('../../inertia/pages/Homepage/LikedPost.tsx'))['default']>
    'Homepage/MyPost': ExtractProps<(typeof import('../../inertia/pages/Homepage/MyPost.tsx'))['default']>
    'Homepage/MyVideo': ExtractProps<(typeof import('../../inertia/pages/Homepage/MyVideo.tsx'))['default']>
    'Homepage/Notifications': ExtractProps<(typeof import('../../inertia/pages/Homepage/Notifications.tsx'))['default']>
    'Homepage/PostDetail': ExtractProps<(typeof import('../../inertia/pages/Homepage/PostDetail.tsx'))['default']>
    'Homepage/Search': ExtractProps<(typeof import('../../inertia/pages/Homepage/Search.tsx'))['default']>
    'Homepage/TopPost': ExtractProps<(typeof import('../../inertia/pages/Homepage/TopPost.tsx'))['default']>
    'Homepage/UserProfile': ExtractProps<(typeof import('../../inertia/pages/Homepage/UserProfile.tsx'))['default']>
    'Jobs/Failed': ExtractProps<(typeof import('../../inertia/pages/Jobs/Failed.tsx'))['default']>
    'Messages/Index': ExtractProps<(typeof import('../../inertia/pages/Messages/Index.tsx'))['default']>
    'Messages/Show': ExtractProps<(typeof import('../../inertia/pages/Messages/Show.tsx'))['default']>
    'PhotoAlbum/Index': ExtractProps<(typeof import('../../inertia/pages/PhotoAlbum/Index.tsx'))['default']>
    'PostModerations/Index': ExtractProps<(typeof import('../../inertia/pages/PostModerations/Index.tsx'))['default']>
    'PostModerations/IndexST': ExtractProps<(typeof import('../../inertia/pages/PostModerations/IndexST.tsx'))['default']>
    'Posts/Form': ExtractProps<(typeof import('../../inertia/pages/Posts/Form.tsx'))['default']>
    'Posts/Index': ExtractProps<(typeof import('../../inertia/pages/Posts/Index.tsx'))['default']>
    'Posts/Show': ExtractProps<(typeof import('../../inertia/pages/Posts/Show.tsx'))['default']>
    'Profile/Cover': ExtractProps<(typeof import('../../inertia/pages/Profile/Cover.tsx'))['default']>
    'Profile/Edit': ExtractProps<(typeof import('../../inertia/pages/Profile/Edit.tsx'))['default']>
    'Profile/Index': ExtractProps<(typeof import('../../inertia/pages/Profile/Index.tsx'))['default']>
    'Profile/Notifications': ExtractProps<(typeof import('../../inertia/pages/Profile/Notifications.tsx'))['default']>
    'Profile/Partials/DeleteUserForm': ExtractProps<(typeof import('../../inertia/pages/Profile/Partials/DeleteUserForm.tsx'))['default']>
    'Profile/Partials/UpdatePasswordForm': ExtractProps<(typeof import('../../inertia/pages/Profile/Partials/UpdatePasswordForm.tsx'))['default']>
    'Profile/Partials/UpdateProfileInformationForm': ExtractProps<(typeof import('../../inertia/pages/Profile/Partials/UpdateProfileInformationForm.tsx'))['default']>
    'Profile/Photos': ExtractProps<(typeof import('../../inertia/pages/Profile/Photos.tsx'))['default']>
    'Profile/Tokens': ExtractProps<(typeof import('../../inertia/pages/Profile/Tokens.tsx'))['default']>
    'Profile/UserEdit': ExtractProps<(typeof import('../../inertia/pages/Profile/UserEdit.tsx'))['default']>
    'Reports/Index': ExtractProps<(typeof import('../../inertia/pages/Reports/Index.tsx'))['default']>
    'Reports/Show': ExtractProps<(typeof import('../../inertia/pages/Reports/Show.tsx'))['default']>
    'Settings/ApiTokens': ExtractProps<(typeof import('../../inertia/pages/Settings/ApiTokens.tsx'))['default']>
    'Settings/AppSetting': ExtractProps<(typeof import('../../inertia/pages/Settings/AppSetting.tsx'))['default']>
    'Settings/Webhooks': ExtractProps<(typeof import('../../inertia/pages/Settings/Webhooks.tsx'))['default']>
    'Users/AdminForm': ExtractProps<(typeof import('../../inertia/pages/Users/AdminForm.tsx'))['default']>
    'Users/AdminList': ExtractProps<(typeof import('../../inertia/pages/Users/AdminList.tsx'))['default']>
    'Users/PublicUserList': ExtractProps<(typeof import('../../inertia/pages/Users/PublicUserList.tsx'))['default']>
    'Users/RegisterSuccess': ExtractProps<(typeof import('../../inertia/pages/Users/RegisterSuccess.tsx'))['default']>
    'Users/UserList': ExtractProps<(typeof import('../../inertia/pages/Users/UserList.tsx'))['default']>
    'Welcome': ExtractProps<(typeof import('../../inertia/pages/Welcome.tsx'))['default']>
  }
}
