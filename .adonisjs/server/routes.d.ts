import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'home': { paramsTuple?: []; params?: {} }
    'feed.public': { paramsTuple?: []; params?: {} }
    'posts.mine': { paramsTuple?: []; params?: {} }
    'posts.liked': { paramsTuple?: []; params?: {} }
    'posts.top': { paramsTuple?: []; params?: {} }
    'posts.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.likes': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'comments.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'comments.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'comments.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'session.create': { paramsTuple?: []; params?: {} }
    'session.store': { paramsTuple?: []; params?: {} }
    'register.create': { paramsTuple?: []; params?: {} }
    'register.store': { paramsTuple?: []; params?: {} }
    'register.success': { paramsTuple?: []; params?: {} }
    'password.forgot': { paramsTuple?: []; params?: {} }
    'password.email': { paramsTuple?: []; params?: {} }
    'password.reset': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'password.update': { paramsTuple?: []; params?: {} }
    'account.reactivate': { paramsTuple?: []; params?: {} }
    'verification.notice': { paramsTuple?: []; params?: {} }
    'verification.resend': { paramsTuple?: []; params?: {} }
    'verification.verify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'password.confirm': { paramsTuple?: []; params?: {} }
    'password.confirm.store': { paramsTuple?: []; params?: {} }
    'password.change': { paramsTuple?: []; params?: {} }
    'password.change.store': { paramsTuple?: []; params?: {} }
    'session.destroy': { paramsTuple?: []; params?: {} }
    'profile.edit': { paramsTuple?: []; params?: {} }
    'profile.update': { paramsTuple?: []; params?: {} }
    'profile.destroy': { paramsTuple?: []; params?: {} }
    'profile.password': { paramsTuple?: []; params?: {} }
    'profile.sessions.destroy_others': { paramsTuple?: []; params?: {} }
    'profile.tokens.index': { paramsTuple?: []; params?: {} }
    'profile.tokens.store': { paramsTuple?: []; params?: {} }
    'profile.tokens.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'dashboard': { paramsTuple?: []; params?: {} }
    'settings.edit': { paramsTuple?: []; params?: {} }
    'settings.update': { paramsTuple?: []; params?: {} }
    'invitations.store': { paramsTuple?: []; params?: {} }
    'users.public': { paramsTuple?: []; params?: {} }
    'users.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.index': { paramsTuple?: []; params?: {} }
    'admin.posts.create': { paramsTuple?: []; params?: {} }
    'admin.posts.store': { paramsTuple?: []; params?: {} }
    'admin.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.audit.index': { paramsTuple?: []; params?: {} }
    'admin.jobs.index': { paramsTuple?: []; params?: {} }
    'admin.jobs.retry': { paramsTuple: [ParamValue,ParamValue]; params: {'queue': ParamValue,'id': ParamValue} }
    'admin.jobs.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'queue': ParamValue,'id': ParamValue} }
    'admin.settings.uploads.update': { paramsTuple?: []; params?: {} }
    'admin.settings.mail.update': { paramsTuple?: []; params?: {} }
    'admin.settings.mail.test': { paramsTuple?: []; params?: {} }
    'admin.dashboard.accounts': { paramsTuple?: []; params?: {} }
    'admin.dashboard.active_users': { paramsTuple?: []; params?: {} }
    'admin.dashboard.most_liked': { paramsTuple?: []; params?: {} }
    'admin.dashboard.most_commented': { paramsTuple?: []; params?: {} }
    'admin.dashboard.top_authors': { paramsTuple?: []; params?: {} }
    'admin.dashboard.user_posts': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.moderation.index': { paramsTuple?: []; params?: {} }
    'admin.moderation.decide': { paramsTuple?: []; params?: {} }
    'admin.moderation.posts': { paramsTuple?: []; params?: {} }
    'admin.moderation.unpublish': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.reports.index': { paramsTuple?: []; params?: {} }
    'admin.reports.show': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'admin.reports.decide': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'admin.users.index': { paramsTuple?: []; params?: {} }
    'admin.users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.role': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.password_reset': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.block': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.unblock': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.sign_out': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.admins.index': { paramsTuple?: []; params?: {} }
    'admin.admins.create': { paramsTuple?: []; params?: {} }
    'admin.admins.store': { paramsTuple?: []; params?: {} }
    'admin.admins.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.admins.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.photos.index': { paramsTuple?: []; params?: {} }
    'admin.photos.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'kind': ParamValue} }
    'dev.outbox': { paramsTuple?: []; params?: {} }
    'dev.outbox.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.create': { paramsTuple?: []; params?: {} }
    'posts.store': { paramsTuple?: []; params?: {} }
    'posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.share': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'mentions.search': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [ParamValue,ParamValue?]; params: {'id': ParamValue,'variant'?: ParamValue} }
    'profiles.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'blocks.store': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'blocks.destroy': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'reports.store': { paramsTuple?: []; params?: {} }
    'profile.cover': { paramsTuple?: []; params?: {} }
    'profile.cover.update': { paramsTuple?: []; params?: {} }
    'profile.cover.destroy': { paramsTuple?: []; params?: {} }
    'profile.avatar.update': { paramsTuple?: []; params?: {} }
    'profile.avatar.destroy': { paramsTuple?: []; params?: {} }
    'users.avatar': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.cover': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notifications.index': { paramsTuple?: []; params?: {} }
    'notifications.latest': { paramsTuple?: []; params?: {} }
    'notifications.read_all': { paramsTuple?: []; params?: {} }
    'notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notifications.read': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'feed.new': { paramsTuple: [ParamValue]; params: {'feed': ParamValue} }
    'broadcasting.auth': { paramsTuple?: []; params?: {} }
    'broadcasting.user_auth': { paramsTuple?: []; params?: {} }
    'realtime.events': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.batch_events': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.channels': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.channel': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'channel': ParamValue} }
    'realtime.channel_users': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'channel': ParamValue} }
    'realtime.terminate_connections': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'userId': ParamValue} }
    'messages.index': { paramsTuple?: []; params?: {} }
    'messages.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.history': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.store': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.read': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.typing': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'photos.index': { paramsTuple?: []; params?: {} }
    'videos.index': { paramsTuple?: []; params?: {} }
    'search': { paramsTuple?: []; params?: {} }
    'api.me': { paramsTuple?: []; params?: {} }
    'api.feeds.team': { paramsTuple?: []; params?: {} }
    'api.feeds.public': { paramsTuple?: []; params?: {} }
    'api.feeds.mine': { paramsTuple?: []; params?: {} }
    'api.feeds.liked': { paramsTuple?: []; params?: {} }
    'api.feeds.top': { paramsTuple?: []; params?: {} }
    'api.people.index': { paramsTuple?: []; params?: {} }
    'api.search.posts': { paramsTuple?: []; params?: {} }
    'api.people.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.people.posts': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.people.block': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.people.unblock': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.reports.store': { paramsTuple?: []; params?: {} }
    'api.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.store': { paramsTuple?: []; params?: {} }
    'api.posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.share': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.unlike': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.likers': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.unlike': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.likers': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notifications.index': { paramsTuple?: []; params?: {} }
    'api.notifications.unread': { paramsTuple?: []; params?: {} }
    'api.notifications.read_all': { paramsTuple?: []; params?: {} }
    'api.notifications.read': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.conversations.index': { paramsTuple?: []; params?: {} }
    'api.messages.index': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.messages.store': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.messages.typing': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.messages.read': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.albums.photos': { paramsTuple?: []; params?: {} }
    'api.albums.videos': { paramsTuple?: []; params?: {} }
    'api.media.show': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variant': ParamValue} }
    'api.admin.moderation.index': { paramsTuple?: []; params?: {} }
    'api.admin.moderation.decide': { paramsTuple?: []; params?: {} }
    'api.admin.reports.index': { paramsTuple?: []; params?: {} }
    'api.admin.reports.show': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'api.admin.reports.decide': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'api.admin.people.index': { paramsTuple?: []; params?: {} }
    'api.admin.people.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.role': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.block': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.unblock': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.sign_out': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.openapi': { paramsTuple?: []; params?: {} }
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'api.docs': { paramsTuple?: []; params?: {} }
    'api.docs.asset': { paramsTuple: [ParamValue]; params: {'file': ParamValue} }
    'admin.tokens.index': { paramsTuple?: []; params?: {} }
    'admin.tokens.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.webhooks.index': { paramsTuple?: []; params?: {} }
    'admin.webhooks.store': { paramsTuple?: []; params?: {} }
    'admin.webhooks.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.webhooks.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.webhooks.rotate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.webhooks.test': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'push.store': { paramsTuple?: []; params?: {} }
    'push.unsubscribe': { paramsTuple?: []; params?: {} }
    'push.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'push.setting': { paramsTuple?: []; params?: {} }
    'pwa.manifest': { paramsTuple?: []; params?: {} }
    'pwa.service_worker': { paramsTuple?: []; params?: {} }
    'profile.notifications.edit': { paramsTuple?: []; params?: {} }
    'profile.notifications.update': { paramsTuple?: []; params?: {} }
    'posts.mute': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'messages.mute': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'email.unsubscribe': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'email.unsubscribe.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  GET: {
    'home': { paramsTuple?: []; params?: {} }
    'feed.public': { paramsTuple?: []; params?: {} }
    'posts.mine': { paramsTuple?: []; params?: {} }
    'posts.liked': { paramsTuple?: []; params?: {} }
    'posts.top': { paramsTuple?: []; params?: {} }
    'posts.likes': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'session.create': { paramsTuple?: []; params?: {} }
    'register.create': { paramsTuple?: []; params?: {} }
    'register.success': { paramsTuple?: []; params?: {} }
    'password.forgot': { paramsTuple?: []; params?: {} }
    'password.reset': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'verification.notice': { paramsTuple?: []; params?: {} }
    'verification.verify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'password.confirm': { paramsTuple?: []; params?: {} }
    'password.change': { paramsTuple?: []; params?: {} }
    'profile.edit': { paramsTuple?: []; params?: {} }
    'profile.tokens.index': { paramsTuple?: []; params?: {} }
    'dashboard': { paramsTuple?: []; params?: {} }
    'settings.edit': { paramsTuple?: []; params?: {} }
    'users.public': { paramsTuple?: []; params?: {} }
    'admin.posts.index': { paramsTuple?: []; params?: {} }
    'admin.posts.create': { paramsTuple?: []; params?: {} }
    'admin.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.audit.index': { paramsTuple?: []; params?: {} }
    'admin.jobs.index': { paramsTuple?: []; params?: {} }
    'admin.dashboard.accounts': { paramsTuple?: []; params?: {} }
    'admin.dashboard.active_users': { paramsTuple?: []; params?: {} }
    'admin.dashboard.most_liked': { paramsTuple?: []; params?: {} }
    'admin.dashboard.most_commented': { paramsTuple?: []; params?: {} }
    'admin.dashboard.top_authors': { paramsTuple?: []; params?: {} }
    'admin.dashboard.user_posts': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.moderation.index': { paramsTuple?: []; params?: {} }
    'admin.moderation.posts': { paramsTuple?: []; params?: {} }
    'admin.reports.index': { paramsTuple?: []; params?: {} }
    'admin.reports.show': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'admin.users.index': { paramsTuple?: []; params?: {} }
    'admin.users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.admins.index': { paramsTuple?: []; params?: {} }
    'admin.admins.create': { paramsTuple?: []; params?: {} }
    'admin.admins.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.photos.index': { paramsTuple?: []; params?: {} }
    'dev.outbox': { paramsTuple?: []; params?: {} }
    'dev.outbox.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.create': { paramsTuple?: []; params?: {} }
    'posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'mentions.search': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [ParamValue,ParamValue?]; params: {'id': ParamValue,'variant'?: ParamValue} }
    'profiles.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'profile.cover': { paramsTuple?: []; params?: {} }
    'users.avatar': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.cover': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notifications.index': { paramsTuple?: []; params?: {} }
    'notifications.latest': { paramsTuple?: []; params?: {} }
    'feed.new': { paramsTuple: [ParamValue]; params: {'feed': ParamValue} }
    'realtime.channels': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.channel': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'channel': ParamValue} }
    'realtime.channel_users': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'channel': ParamValue} }
    'messages.index': { paramsTuple?: []; params?: {} }
    'messages.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.history': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'photos.index': { paramsTuple?: []; params?: {} }
    'videos.index': { paramsTuple?: []; params?: {} }
    'search': { paramsTuple?: []; params?: {} }
    'api.me': { paramsTuple?: []; params?: {} }
    'api.feeds.team': { paramsTuple?: []; params?: {} }
    'api.feeds.public': { paramsTuple?: []; params?: {} }
    'api.feeds.mine': { paramsTuple?: []; params?: {} }
    'api.feeds.liked': { paramsTuple?: []; params?: {} }
    'api.feeds.top': { paramsTuple?: []; params?: {} }
    'api.people.index': { paramsTuple?: []; params?: {} }
    'api.search.posts': { paramsTuple?: []; params?: {} }
    'api.people.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.people.posts': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.likers': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.likers': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notifications.index': { paramsTuple?: []; params?: {} }
    'api.notifications.unread': { paramsTuple?: []; params?: {} }
    'api.conversations.index': { paramsTuple?: []; params?: {} }
    'api.messages.index': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.albums.photos': { paramsTuple?: []; params?: {} }
    'api.albums.videos': { paramsTuple?: []; params?: {} }
    'api.media.show': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variant': ParamValue} }
    'api.admin.moderation.index': { paramsTuple?: []; params?: {} }
    'api.admin.reports.index': { paramsTuple?: []; params?: {} }
    'api.admin.reports.show': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'api.admin.people.index': { paramsTuple?: []; params?: {} }
    'api.admin.people.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.openapi': { paramsTuple?: []; params?: {} }
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'api.docs': { paramsTuple?: []; params?: {} }
    'api.docs.asset': { paramsTuple: [ParamValue]; params: {'file': ParamValue} }
    'admin.tokens.index': { paramsTuple?: []; params?: {} }
    'admin.webhooks.index': { paramsTuple?: []; params?: {} }
    'pwa.manifest': { paramsTuple?: []; params?: {} }
    'pwa.service_worker': { paramsTuple?: []; params?: {} }
    'profile.notifications.edit': { paramsTuple?: []; params?: {} }
    'email.unsubscribe': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  HEAD: {
    'home': { paramsTuple?: []; params?: {} }
    'feed.public': { paramsTuple?: []; params?: {} }
    'posts.mine': { paramsTuple?: []; params?: {} }
    'posts.liked': { paramsTuple?: []; params?: {} }
    'posts.top': { paramsTuple?: []; params?: {} }
    'posts.likes': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'session.create': { paramsTuple?: []; params?: {} }
    'register.create': { paramsTuple?: []; params?: {} }
    'register.success': { paramsTuple?: []; params?: {} }
    'password.forgot': { paramsTuple?: []; params?: {} }
    'password.reset': { paramsTuple: [ParamValue]; params: {'token': ParamValue} }
    'verification.notice': { paramsTuple?: []; params?: {} }
    'verification.verify': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'password.confirm': { paramsTuple?: []; params?: {} }
    'password.change': { paramsTuple?: []; params?: {} }
    'profile.edit': { paramsTuple?: []; params?: {} }
    'profile.tokens.index': { paramsTuple?: []; params?: {} }
    'dashboard': { paramsTuple?: []; params?: {} }
    'settings.edit': { paramsTuple?: []; params?: {} }
    'users.public': { paramsTuple?: []; params?: {} }
    'admin.posts.index': { paramsTuple?: []; params?: {} }
    'admin.posts.create': { paramsTuple?: []; params?: {} }
    'admin.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.audit.index': { paramsTuple?: []; params?: {} }
    'admin.jobs.index': { paramsTuple?: []; params?: {} }
    'admin.dashboard.accounts': { paramsTuple?: []; params?: {} }
    'admin.dashboard.active_users': { paramsTuple?: []; params?: {} }
    'admin.dashboard.most_liked': { paramsTuple?: []; params?: {} }
    'admin.dashboard.most_commented': { paramsTuple?: []; params?: {} }
    'admin.dashboard.top_authors': { paramsTuple?: []; params?: {} }
    'admin.dashboard.user_posts': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.moderation.index': { paramsTuple?: []; params?: {} }
    'admin.moderation.posts': { paramsTuple?: []; params?: {} }
    'admin.reports.index': { paramsTuple?: []; params?: {} }
    'admin.reports.show': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'admin.users.index': { paramsTuple?: []; params?: {} }
    'admin.users.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.admins.index': { paramsTuple?: []; params?: {} }
    'admin.admins.create': { paramsTuple?: []; params?: {} }
    'admin.admins.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.photos.index': { paramsTuple?: []; params?: {} }
    'dev.outbox': { paramsTuple?: []; params?: {} }
    'dev.outbox.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.create': { paramsTuple?: []; params?: {} }
    'posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'mentions.search': { paramsTuple?: []; params?: {} }
    'media.show': { paramsTuple: [ParamValue,ParamValue?]; params: {'id': ParamValue,'variant'?: ParamValue} }
    'profiles.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'profile.cover': { paramsTuple?: []; params?: {} }
    'users.avatar': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.cover': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notifications.index': { paramsTuple?: []; params?: {} }
    'notifications.latest': { paramsTuple?: []; params?: {} }
    'feed.new': { paramsTuple: [ParamValue]; params: {'feed': ParamValue} }
    'realtime.channels': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.channel': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'channel': ParamValue} }
    'realtime.channel_users': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'channel': ParamValue} }
    'messages.index': { paramsTuple?: []; params?: {} }
    'messages.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.history': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'photos.index': { paramsTuple?: []; params?: {} }
    'videos.index': { paramsTuple?: []; params?: {} }
    'search': { paramsTuple?: []; params?: {} }
    'api.me': { paramsTuple?: []; params?: {} }
    'api.feeds.team': { paramsTuple?: []; params?: {} }
    'api.feeds.public': { paramsTuple?: []; params?: {} }
    'api.feeds.mine': { paramsTuple?: []; params?: {} }
    'api.feeds.liked': { paramsTuple?: []; params?: {} }
    'api.feeds.top': { paramsTuple?: []; params?: {} }
    'api.people.index': { paramsTuple?: []; params?: {} }
    'api.search.posts': { paramsTuple?: []; params?: {} }
    'api.people.show': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.people.posts': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.index': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.likers': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.likers': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notifications.index': { paramsTuple?: []; params?: {} }
    'api.notifications.unread': { paramsTuple?: []; params?: {} }
    'api.conversations.index': { paramsTuple?: []; params?: {} }
    'api.messages.index': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.albums.photos': { paramsTuple?: []; params?: {} }
    'api.albums.videos': { paramsTuple?: []; params?: {} }
    'api.media.show': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'variant': ParamValue} }
    'api.admin.moderation.index': { paramsTuple?: []; params?: {} }
    'api.admin.reports.index': { paramsTuple?: []; params?: {} }
    'api.admin.reports.show': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'api.admin.people.index': { paramsTuple?: []; params?: {} }
    'api.admin.people.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.openapi': { paramsTuple?: []; params?: {} }
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'api.docs': { paramsTuple?: []; params?: {} }
    'api.docs.asset': { paramsTuple: [ParamValue]; params: {'file': ParamValue} }
    'admin.tokens.index': { paramsTuple?: []; params?: {} }
    'admin.webhooks.index': { paramsTuple?: []; params?: {} }
    'pwa.manifest': { paramsTuple?: []; params?: {} }
    'pwa.service_worker': { paramsTuple?: []; params?: {} }
    'profile.notifications.edit': { paramsTuple?: []; params?: {} }
    'email.unsubscribe': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  POST: {
    'posts.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'comments.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'comments.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'session.store': { paramsTuple?: []; params?: {} }
    'register.store': { paramsTuple?: []; params?: {} }
    'password.email': { paramsTuple?: []; params?: {} }
    'password.update': { paramsTuple?: []; params?: {} }
    'account.reactivate': { paramsTuple?: []; params?: {} }
    'verification.resend': { paramsTuple?: []; params?: {} }
    'password.confirm.store': { paramsTuple?: []; params?: {} }
    'password.change.store': { paramsTuple?: []; params?: {} }
    'session.destroy': { paramsTuple?: []; params?: {} }
    'profile.sessions.destroy_others': { paramsTuple?: []; params?: {} }
    'profile.tokens.store': { paramsTuple?: []; params?: {} }
    'invitations.store': { paramsTuple?: []; params?: {} }
    'users.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.store': { paramsTuple?: []; params?: {} }
    'admin.posts.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.jobs.retry': { paramsTuple: [ParamValue,ParamValue]; params: {'queue': ParamValue,'id': ParamValue} }
    'admin.settings.mail.test': { paramsTuple?: []; params?: {} }
    'admin.moderation.decide': { paramsTuple?: []; params?: {} }
    'admin.moderation.unpublish': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.reports.decide': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'admin.users.password_reset': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.block': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.unblock': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.sign_out': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.admins.store': { paramsTuple?: []; params?: {} }
    'posts.store': { paramsTuple?: []; params?: {} }
    'posts.share': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'blocks.store': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'reports.store': { paramsTuple?: []; params?: {} }
    'profile.cover.update': { paramsTuple?: []; params?: {} }
    'profile.avatar.update': { paramsTuple?: []; params?: {} }
    'notifications.read_all': { paramsTuple?: []; params?: {} }
    'notifications.open': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'notifications.read': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'broadcasting.auth': { paramsTuple?: []; params?: {} }
    'broadcasting.user_auth': { paramsTuple?: []; params?: {} }
    'realtime.events': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.batch_events': { paramsTuple: [ParamValue]; params: {'appId': ParamValue} }
    'realtime.terminate_connections': { paramsTuple: [ParamValue,ParamValue]; params: {'appId': ParamValue,'userId': ParamValue} }
    'messages.store': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.read': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'messages.typing': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.reports.store': { paramsTuple?: []; params?: {} }
    'api.posts.store': { paramsTuple?: []; params?: {} }
    'api.posts.share': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.notifications.read_all': { paramsTuple?: []; params?: {} }
    'api.notifications.read': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.messages.store': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.messages.typing': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.messages.read': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.admin.moderation.decide': { paramsTuple?: []; params?: {} }
    'api.admin.reports.decide': { paramsTuple: [ParamValue,ParamValue]; params: {'type': ParamValue,'id': ParamValue} }
    'api.admin.people.block': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.unblock': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.sign_out': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'admin.webhooks.store': { paramsTuple?: []; params?: {} }
    'admin.webhooks.rotate': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.webhooks.test': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'push.store': { paramsTuple?: []; params?: {} }
    'push.unsubscribe': { paramsTuple?: []; params?: {} }
    'email.unsubscribe.store': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  DELETE: {
    'comments.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'profile.destroy': { paramsTuple?: []; params?: {} }
    'profile.tokens.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.jobs.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'queue': ParamValue,'id': ParamValue} }
    'admin.photos.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'id': ParamValue,'kind': ParamValue} }
    'posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'blocks.destroy': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'profile.cover.destroy': { paramsTuple?: []; params?: {} }
    'profile.avatar.destroy': { paramsTuple?: []; params?: {} }
    'api.people.unblock': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.unlike': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.unlike': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'admin.tokens.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.webhooks.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'push.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  PUT: {
    'profile.update': { paramsTuple?: []; params?: {} }
    'profile.password': { paramsTuple?: []; params?: {} }
    'settings.update': { paramsTuple?: []; params?: {} }
    'admin.posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.settings.uploads.update': { paramsTuple?: []; params?: {} }
    'admin.settings.mail.update': { paramsTuple?: []; params?: {} }
    'admin.users.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.users.role': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.admins.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.people.block': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'api.posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.posts.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.comments.like': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.admin.people.role': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'admin.webhooks.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'push.setting': { paramsTuple?: []; params?: {} }
    'profile.notifications.update': { paramsTuple?: []; params?: {} }
    'posts.mute': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'messages.mute': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  OPTIONS: {
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  PATCH: {
    'api.not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}