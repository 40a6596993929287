/*
|--------------------------------------------------------------------------
| Events and their listeners
|--------------------------------------------------------------------------
|
| Every domain event is a class under app/events, dispatched by an action
| after its change committed (`await PostLiked.dispatch({ … })`). Its side
| effects are listeners under app/listeners, split by what they do:
| Notify (the bell), Broadcast (realtime channels), Push (Web Push), Mail,
| Webhooks. All of them are registered here, so this file answers "what
| happens when …".
| See docs/architecture.md "Events and channels".
|
*/
import emitter from '@adonisjs/core/services/emitter'
import { listeners } from '#generated/listeners'
import AccountApproved from '#events/account_approved'
import ProfileImageRemoved from '#events/profile_image_removed'
import MemberJoined from '#events/member_joined'
import CommentCreated from '#events/comment_created'
import CommentLiked from '#events/comment_liked'
import ConversationRead from '#events/conversation_read'
import MessageSent from '#events/message_sent'
import ModerationQueueChanged from '#events/moderation_queue_changed'
import PostAnnounced from '#events/post_announced'
import PostCountsChanged from '#events/post_counts_changed'
import PostLiked from '#events/post_liked'
import PostMentioned from '#events/post_mentioned'
import PostModerated from '#events/post_moderated'
import PostPending from '#events/post_pending'
import PostPublished from '#events/post_published'
import PostShared from '#events/post_shared'
import PostUnpublished from '#events/post_unpublished'
import RegistrationPending from '#events/registration_pending'
import ReportCreated from '#events/report_created'
import ReportResolved from '#events/report_resolved'
import UnreadMessagesChanged from '#events/unread_messages_changed'
import UserTyping from '#events/user_typing'
import NotificationsCreated from '#events/notifications_created'
import NotificationsRead from '#events/notifications_read'

/* Engagement */
emitter.on(PostLiked, [listeners.Notify, 'postLiked'])
emitter.on(CommentLiked, [listeners.Notify, 'commentLiked'])
emitter.on(CommentCreated, [listeners.Broadcast, 'commentCreated'])
emitter.on(CommentCreated, [listeners.Notify, 'commentCreated'])
emitter.on(PostCountsChanged, [listeners.Broadcast, 'postCounts'])

/* Posts */
emitter.on(PostPublished, [listeners.Broadcast, 'postPublished'])
emitter.on(PostMentioned, [listeners.Notify, 'postMentioned'])
emitter.on(PostShared, [listeners.Broadcast, 'postShared'])
emitter.on(PostShared, [listeners.Notify, 'postShared'])
emitter.on(PostAnnounced, [listeners.Notify, 'postAnnounced'])

/* Moderation: every change to a queue pushes the admins' live counts. */
emitter.on(PostPending, [listeners.Broadcast, 'moderationCounts'])
emitter.on(PostModerated, [listeners.Broadcast, 'moderationCounts'])
emitter.on(PostModerated, [listeners.Broadcast, 'postModerated'])
emitter.on(PostModerated, [listeners.Notify, 'postModerated'])
emitter.on(PostUnpublished, [listeners.Notify, 'postUnpublished'])
emitter.on(ReportCreated, [listeners.Broadcast, 'moderationCounts'])
emitter.on(ReportResolved, [listeners.Broadcast, 'moderationCounts'])
emitter.on(ReportResolved, [listeners.Notify, 'reportResolved'])
emitter.on(ModerationQueueChanged, [listeners.Broadcast, 'moderationCounts'])

/* Accounts */
emitter.on(RegistrationPending, [listeners.Notify, 'registrationPending'])
emitter.on(AccountApproved, [listeners.Notify, 'accountApproved'])
emitter.on(ProfileImageRemoved, [listeners.Notify, 'profileImageRemoved'])

/* Messages */
emitter.on(MessageSent, [listeners.Broadcast, 'messageSent'])
emitter.on(MessageSent, [listeners.Notify, 'messageSent'])
emitter.on(ConversationRead, [listeners.Broadcast, 'conversationRead'])
emitter.on(ConversationRead, [listeners.Notify, 'conversationRead'])
emitter.on(UnreadMessagesChanged, [listeners.Broadcast, 'unreadMessagesChanged'])
emitter.on(UserTyping, [listeners.Broadcast, 'userTyping'])

/* Notifications: the bell live on the recipient's channel, Web Push when no tab is visible */
emitter.on(NotificationsCreated, [listeners.Broadcast, 'notificationsCreated'])
emitter.on(NotificationsCreated, [listeners.Push, 'notificationsCreated'])
emitter.on(NotificationsRead, [listeners.Broadcast, 'notificationsRead'])

/* Mail (the mail package's own event) */
emitter.on('queued:mail:error', [listeners.Mail, 'queuedMailError'])

/* Outgoing webhooks: post.created, comment.created, member.joined, report.filed */
emitter.on(PostPublished, [listeners.Webhooks, 'postPublished'])
emitter.on(CommentCreated, [listeners.Webhooks, 'commentCreated'])
emitter.on(MemberJoined, [listeners.Webhooks, 'memberJoined'])
emitter.on(ReportCreated, [listeners.Webhooks, 'reportCreated'])
