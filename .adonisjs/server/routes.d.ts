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
    'dashboard': { paramsTuple?: []; params?: {} }
    'settings.edit': { paramsTuple?: []; params?: {} }
    'users.public': { paramsTuple?: []; params?: {} }
    'admin.posts.index': { paramsTuple?: []; params?: {} }
    'admin.posts.create': { paramsTuple?: []; params?: {} }
    'admin.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
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
    'dashboard': { paramsTuple?: []; params?: {} }
    'settings.edit': { paramsTuple?: []; params?: {} }
    'users.public': { paramsTuple?: []; params?: {} }
    'admin.posts.index': { paramsTuple?: []; params?: {} }
    'admin.posts.create': { paramsTuple?: []; params?: {} }
    'admin.posts.show': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.edit': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
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
    'invitations.store': { paramsTuple?: []; params?: {} }
    'users.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'users.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.store': { paramsTuple?: []; params?: {} }
    'admin.posts.approve': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'admin.posts.reject': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
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
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  DELETE: {
    'comments.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'profile.destroy': { paramsTuple?: []; params?: {} }
    'admin.posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'blocks.destroy': { paramsTuple: [ParamValue]; params: {'username': ParamValue} }
    'profile.cover.destroy': { paramsTuple?: []; params?: {} }
    'profile.avatar.destroy': { paramsTuple?: []; params?: {} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  PUT: {
    'profile.update': { paramsTuple?: []; params?: {} }
    'profile.password': { paramsTuple?: []; params?: {} }
    'settings.update': { paramsTuple?: []; params?: {} }
    'admin.posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'posts.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  OPTIONS: {
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
  PATCH: {
    'not_found': { paramsTuple: [...ParamValue[]]; params: {'*': ParamValue[]} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}