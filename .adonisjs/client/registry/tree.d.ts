/* eslint-disable prettier/prettier */
import type { routes } from './index.ts'

export interface ApiDefinition {
  home: typeof routes['home']
  feed: {
    public: typeof routes['feed.public']
    new: typeof routes['feed.new']
  }
  posts: {
    mine: typeof routes['posts.mine']
    liked: typeof routes['posts.liked']
    top: typeof routes['posts.top']
    like: typeof routes['posts.like']
    likes: typeof routes['posts.likes']
    create: typeof routes['posts.create']
    store: typeof routes['posts.store']
    show: typeof routes['posts.show']
    edit: typeof routes['posts.edit']
    update: typeof routes['posts.update']
    destroy: typeof routes['posts.destroy']
    share: typeof routes['posts.share']
    mute: typeof routes['posts.mute']
  }
  comments: {
    like: typeof routes['comments.like']
    store: typeof routes['comments.store']
    destroy: typeof routes['comments.destroy']
  }
  session: {
    create: typeof routes['session.create']
    store: typeof routes['session.store']
    destroy: typeof routes['session.destroy']
  }
  register: {
    create: typeof routes['register.create']
    store: typeof routes['register.store']
    success: typeof routes['register.success']
  }
  password: {
    forgot: typeof routes['password.forgot']
    email: typeof routes['password.email']
    reset: typeof routes['password.reset']
    update: typeof routes['password.update']
    confirm: typeof routes['password.confirm'] & {
      store: typeof routes['password.confirm.store']
    }
    change: typeof routes['password.change'] & {
      store: typeof routes['password.change.store']
    }
  }
  account: {
    reactivate: typeof routes['account.reactivate']
  }
  verification: {
    notice: typeof routes['verification.notice']
    resend: typeof routes['verification.resend']
    verify: typeof routes['verification.verify']
  }
  profile: {
    edit: typeof routes['profile.edit']
    update: typeof routes['profile.update']
    destroy: typeof routes['profile.destroy']
    password: typeof routes['profile.password']
    sessions: {
      destroyOthers: typeof routes['profile.sessions.destroy_others']
    }
    tokens: {
      index: typeof routes['profile.tokens.index']
      store: typeof routes['profile.tokens.store']
      destroy: typeof routes['profile.tokens.destroy']
    }
    cover: typeof routes['profile.cover'] & {
      update: typeof routes['profile.cover.update']
      destroy: typeof routes['profile.cover.destroy']
    }
    avatar: {
      update: typeof routes['profile.avatar.update']
      destroy: typeof routes['profile.avatar.destroy']
    }
    notifications: {
      edit: typeof routes['profile.notifications.edit']
      update: typeof routes['profile.notifications.update']
    }
  }
  dashboard: typeof routes['dashboard']
  settings: {
    edit: typeof routes['settings.edit']
    update: typeof routes['settings.update']
  }
  invitations: {
    store: typeof routes['invitations.store']
  }
  users: {
    public: typeof routes['users.public']
    approve: typeof routes['users.approve']
    reject: typeof routes['users.reject']
    avatar: typeof routes['users.avatar']
    cover: typeof routes['users.cover']
  }
  admin: {
    posts: {
      index: typeof routes['admin.posts.index']
      create: typeof routes['admin.posts.create']
      store: typeof routes['admin.posts.store']
      show: typeof routes['admin.posts.show']
      edit: typeof routes['admin.posts.edit']
      update: typeof routes['admin.posts.update']
      destroy: typeof routes['admin.posts.destroy']
      approve: typeof routes['admin.posts.approve']
      reject: typeof routes['admin.posts.reject']
    }
    audit: {
      index: typeof routes['admin.audit.index']
    }
    jobs: {
      index: typeof routes['admin.jobs.index']
      retry: typeof routes['admin.jobs.retry']
      destroy: typeof routes['admin.jobs.destroy']
    }
    settings: {
      uploads: {
        update: typeof routes['admin.settings.uploads.update']
      }
      mail: {
        update: typeof routes['admin.settings.mail.update']
        test: typeof routes['admin.settings.mail.test']
      }
    }
    dashboard: {
      accounts: typeof routes['admin.dashboard.accounts']
      activeUsers: typeof routes['admin.dashboard.active_users']
      mostLiked: typeof routes['admin.dashboard.most_liked']
      mostCommented: typeof routes['admin.dashboard.most_commented']
      topAuthors: typeof routes['admin.dashboard.top_authors']
      userPosts: typeof routes['admin.dashboard.user_posts']
    }
    moderation: {
      index: typeof routes['admin.moderation.index']
      decide: typeof routes['admin.moderation.decide']
      posts: typeof routes['admin.moderation.posts']
      unpublish: typeof routes['admin.moderation.unpublish']
    }
    reports: {
      index: typeof routes['admin.reports.index']
      show: typeof routes['admin.reports.show']
      decide: typeof routes['admin.reports.decide']
    }
    users: {
      index: typeof routes['admin.users.index']
      show: typeof routes['admin.users.show']
      edit: typeof routes['admin.users.edit']
      update: typeof routes['admin.users.update']
      role: typeof routes['admin.users.role']
      passwordReset: typeof routes['admin.users.password_reset']
      block: typeof routes['admin.users.block']
      unblock: typeof routes['admin.users.unblock']
      signOut: typeof routes['admin.users.sign_out']
    }
    admins: {
      index: typeof routes['admin.admins.index']
      create: typeof routes['admin.admins.create']
      store: typeof routes['admin.admins.store']
      edit: typeof routes['admin.admins.edit']
      update: typeof routes['admin.admins.update']
    }
    photos: {
      index: typeof routes['admin.photos.index']
      destroy: typeof routes['admin.photos.destroy']
    }
    tokens: {
      index: typeof routes['admin.tokens.index']
      destroy: typeof routes['admin.tokens.destroy']
    }
    webhooks: {
      index: typeof routes['admin.webhooks.index']
      store: typeof routes['admin.webhooks.store']
      update: typeof routes['admin.webhooks.update']
      destroy: typeof routes['admin.webhooks.destroy']
      rotate: typeof routes['admin.webhooks.rotate']
      test: typeof routes['admin.webhooks.test']
    }
  }
  dev: {
    outbox: typeof routes['dev.outbox'] & {
      show: typeof routes['dev.outbox.show']
    }
  }
  mentions: {
    search: typeof routes['mentions.search']
  }
  media: {
    show: typeof routes['media.show']
  }
  profiles: {
    show: typeof routes['profiles.show']
  }
  blocks: {
    store: typeof routes['blocks.store']
    destroy: typeof routes['blocks.destroy']
  }
  reports: {
    store: typeof routes['reports.store']
  }
  notifications: {
    index: typeof routes['notifications.index']
    latest: typeof routes['notifications.latest']
    readAll: typeof routes['notifications.read_all']
    open: typeof routes['notifications.open']
    read: typeof routes['notifications.read']
  }
  broadcasting: {
    auth: typeof routes['broadcasting.auth']
    userAuth: typeof routes['broadcasting.user_auth']
  }
  messages: {
    index: typeof routes['messages.index']
    show: typeof routes['messages.show']
    history: typeof routes['messages.history']
    store: typeof routes['messages.store']
    read: typeof routes['messages.read']
    typing: typeof routes['messages.typing']
    mute: typeof routes['messages.mute']
  }
  photos: {
    index: typeof routes['photos.index']
  }
  videos: {
    index: typeof routes['videos.index']
  }
  search: typeof routes['search']
  push: {
    store: typeof routes['push.store']
    unsubscribe: typeof routes['push.unsubscribe']
    destroy: typeof routes['push.destroy']
    setting: typeof routes['push.setting']
  }
  pwa: {
    manifest: typeof routes['pwa.manifest']
    serviceWorker: typeof routes['pwa.service_worker']
  }
  email: {
    unsubscribe: typeof routes['email.unsubscribe'] & {
      store: typeof routes['email.unsubscribe.store']
    }
  }
  notFound: typeof routes['not_found']
}
