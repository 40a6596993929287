/* eslint-disable prettier/prettier */
/// <reference path="../manifest.d.ts" />

import type { ExtractBody, ExtractErrorResponse, ExtractQuery, ExtractQueryForGet, ExtractResponse } from '@tuyau/core/types'
import type { InferInput, SimpleError } from '@vinejs/vine/types'

export type ParamValue = string | number | bigint | boolean

export interface Registry {
  'home': {
    methods: ["GET","HEAD"]
    pattern: '/'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['home']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['home']>>>
    }
  }
  'feed.public': {
    methods: ["GET","HEAD"]
    pattern: '/public'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['publicFeed']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['publicFeed']>>>
    }
  }
  'posts.mine': {
    methods: ["GET","HEAD"]
    pattern: '/my/posts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['mine']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['mine']>>>
    }
  }
  'posts.liked': {
    methods: ["GET","HEAD"]
    pattern: '/my/likes'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['liked']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['liked']>>>
    }
  }
  'posts.top': {
    methods: ["GET","HEAD"]
    pattern: '/top'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['top']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/feeds/feeds_controller').default['top']>>>
    }
  }
  'posts.like': {
    methods: ["POST"]
    pattern: '/posts/:id/like'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/comment').likeValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/comment').likeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/engagement/likes_controller').default['togglePost']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/engagement/likes_controller').default['togglePost']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'posts.likes': {
    methods: ["GET","HEAD"]
    pattern: '/posts/:id/likes'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/engagement/likes_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/engagement/likes_controller').default['index']>>>
    }
  }
  'comments.like': {
    methods: ["POST"]
    pattern: '/comments/:id/like'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/comment').likeValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/comment').likeValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/engagement/likes_controller').default['toggleComment']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/engagement/likes_controller').default['toggleComment']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'comments.store': {
    methods: ["POST"]
    pattern: '/posts/:id/comments'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/comment').createCommentValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/comment').createCommentValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/engagement/comments_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/engagement/comments_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'comments.destroy': {
    methods: ["DELETE"]
    pattern: '/comments/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/engagement/comments_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/engagement/comments_controller').default['destroy']>>>
    }
  }
  'session.create': {
    methods: ["GET","HEAD"]
    pattern: '/login'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['create']>>>
    }
  }
  'session.store': {
    methods: ["POST"]
    pattern: '/login'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').loginValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').loginValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'register.create': {
    methods: ["GET","HEAD"]
    pattern: '/register'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/register_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/register_controller').default['create']>>>
    }
  }
  'register.store': {
    methods: ["POST"]
    pattern: '/register'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').registerValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').registerValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/register_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/register_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'register.success': {
    methods: ["GET","HEAD"]
    pattern: '/register/success'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/register_controller').default['success']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/register_controller').default['success']>>>
    }
  }
  'password.forgot': {
    methods: ["GET","HEAD"]
    pattern: '/forgot-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/forgot_password_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/forgot_password_controller').default['create']>>>
    }
  }
  'password.email': {
    methods: ["POST"]
    pattern: '/forgot-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').forgotPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').forgotPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/forgot_password_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/forgot_password_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'password.reset': {
    methods: ["GET","HEAD"]
    pattern: '/reset-password/:token'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { token: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/reset_password_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/reset_password_controller').default['show']>>>
    }
  }
  'password.update': {
    methods: ["POST"]
    pattern: '/reset-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').resetPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').resetPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/reset_password_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/reset_password_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'account.reactivate': {
    methods: ["POST"]
    pattern: '/reactivate'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/reactivate_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/reactivate_controller').default['store']>>>
    }
  }
  'verification.notice': {
    methods: ["GET","HEAD"]
    pattern: '/verify-email'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['notice']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['notice']>>>
    }
  }
  'verification.resend': {
    methods: ["POST"]
    pattern: '/verify-email/resend'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['resend']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['resend']>>>
    }
  }
  'verification.verify': {
    methods: ["GET","HEAD"]
    pattern: '/verify-email/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['verify']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/email_verification_controller').default['verify']>>>
    }
  }
  'password.confirm': {
    methods: ["GET","HEAD"]
    pattern: '/confirm-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/confirm_password_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/confirm_password_controller').default['show']>>>
    }
  }
  'password.confirm.store': {
    methods: ["POST"]
    pattern: '/confirm-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').confirmPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').confirmPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/confirm_password_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/confirm_password_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'password.change': {
    methods: ["GET","HEAD"]
    pattern: '/change-password'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/change_password_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/change_password_controller').default['show']>>>
    }
  }
  'password.change.store': {
    methods: ["POST"]
    pattern: '/change-password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').changePasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').changePasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/change_password_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/change_password_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'session.destroy': {
    methods: ["POST"]
    pattern: '/logout'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/auth/session_controller').default['destroy']>>>
    }
  }
  'profile.edit': {
    methods: ["GET","HEAD"]
    pattern: '/profile'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['edit']>>>
    }
  }
  'profile.update': {
    methods: ["PUT"]
    pattern: '/profile'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/profile').updateProfileValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/profile').updateProfileValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.destroy': {
    methods: ["DELETE"]
    pattern: '/profile'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/profile').deleteAccountValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/profile').deleteAccountValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/profile_controller').default['destroy']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.password': {
    methods: ["PUT"]
    pattern: '/profile/password'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/auth').changePasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/auth').changePasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/password_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/password_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.sessions.destroy_others': {
    methods: ["POST"]
    pattern: '/profile/sessions/others'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/profile').currentPasswordValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/profile').currentPasswordValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/sessions_controller').default['destroyOthers']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/sessions_controller').default['destroyOthers']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.tokens.index': {
    methods: ["GET","HEAD"]
    pattern: '/profile/tokens'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/tokens_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/tokens_controller').default['index']>>>
    }
  }
  'profile.tokens.store': {
    methods: ["POST"]
    pattern: '/profile/tokens'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/api_token').createTokenValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/api_token').createTokenValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/tokens_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/tokens_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.tokens.destroy': {
    methods: ["DELETE"]
    pattern: '/profile/tokens/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/tokens_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/tokens_controller').default['destroy']>>>
    }
  }
  'dashboard': {
    methods: ["GET","HEAD"]
    pattern: '/admin'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_controller').default['index']>>>
    }
  }
  'settings.edit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/settings'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/settings_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/settings_controller').default['edit']>>>
    }
  }
  'settings.update': {
    methods: ["PUT"]
    pattern: '/admin/settings'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin').updateSettingsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin').updateSettingsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/settings_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/settings_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'invitations.store': {
    methods: ["POST"]
    pattern: '/admin/invitations'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin').createInvitationValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin').createInvitationValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/invitations_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/invitations_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'users.public': {
    methods: ["GET","HEAD"]
    pattern: '/admin/externals'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/externals_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/externals_controller').default['index']>>>
    }
  }
  'users.approve': {
    methods: ["POST"]
    pattern: '/admin/externals/:id/approve'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/externals_controller').default['approve']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/externals_controller').default['approve']>>>
    }
  }
  'users.reject': {
    methods: ["POST"]
    pattern: '/admin/externals/:id/reject'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin').rejectExternalValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin').rejectExternalValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/externals_controller').default['reject']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/externals_controller').default['reject']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.posts.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/posts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['index']>>>
    }
  }
  'admin.posts.create': {
    methods: ["GET","HEAD"]
    pattern: '/admin/posts/new'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['create']>>>
    }
  }
  'admin.posts.store': {
    methods: ["POST"]
    pattern: '/admin/posts'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/post').createPostValidator)>|InferInput<(typeof import('#validators/admin_post').announcementValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/post').createPostValidator)>|InferInput<(typeof import('#validators/admin_post').announcementValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.posts.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/posts/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['show']>>>
    }
  }
  'admin.posts.edit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/posts/:id/edit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['edit']>>>
    }
  }
  'admin.posts.update': {
    methods: ["PUT"]
    pattern: '/admin/posts/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/post').updatePostValidator)>|InferInput<(typeof import('#validators/admin_post').announcementValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/post').updatePostValidator)>|InferInput<(typeof import('#validators/admin_post').announcementValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.posts.destroy': {
    methods: ["DELETE"]
    pattern: '/admin/posts/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['destroy']>>>
    }
  }
  'admin.posts.approve': {
    methods: ["POST"]
    pattern: '/admin/posts/:id/approve'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['approve']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['approve']>>>
    }
  }
  'admin.posts.reject': {
    methods: ["POST"]
    pattern: '/admin/posts/:id/reject'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_post').rejectPostValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_post').rejectPostValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['reject']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/posts_controller').default['reject']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.audit.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/audit'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/audit_log_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/audit_log_controller').default['index']>>>
    }
  }
  'admin.jobs.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/jobs'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/failed_jobs_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/failed_jobs_controller').default['index']>>>
    }
  }
  'admin.jobs.retry': {
    methods: ["POST"]
    pattern: '/admin/jobs/:queue/:id/retry'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { queue: ParamValue; id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/failed_jobs_controller').default['retry']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/failed_jobs_controller').default['retry']>>>
    }
  }
  'admin.jobs.destroy': {
    methods: ["DELETE"]
    pattern: '/admin/jobs/:queue/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { queue: ParamValue; id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/failed_jobs_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/failed_jobs_controller').default['destroy']>>>
    }
  }
  'admin.settings.uploads.update': {
    methods: ["PUT"]
    pattern: '/admin/settings/uploads'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_system').uploadLimitsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_system').uploadLimitsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/system_settings_controller').default['updateUploads']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/system_settings_controller').default['updateUploads']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.settings.mail.update': {
    methods: ["PUT"]
    pattern: '/admin/settings/mail'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_system').smtpSettingsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_system').smtpSettingsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/system_settings_controller').default['updateMail']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/system_settings_controller').default['updateMail']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.settings.mail.test': {
    methods: ["POST"]
    pattern: '/admin/settings/mail/test'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_system').testMailValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_system').testMailValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/system_settings_controller').default['testMail']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/system_settings_controller').default['testMail']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.dashboard.accounts': {
    methods: ["GET","HEAD"]
    pattern: '/admin/dashboard/accounts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['accounts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['accounts']>>>
    }
  }
  'admin.dashboard.active_users': {
    methods: ["GET","HEAD"]
    pattern: '/admin/dashboard/active-users'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['activeUsers']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['activeUsers']>>>
    }
  }
  'admin.dashboard.most_liked': {
    methods: ["GET","HEAD"]
    pattern: '/admin/dashboard/most-liked-posts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['mostLiked']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['mostLiked']>>>
    }
  }
  'admin.dashboard.most_commented': {
    methods: ["GET","HEAD"]
    pattern: '/admin/dashboard/most-commented-posts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['mostCommented']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['mostCommented']>>>
    }
  }
  'admin.dashboard.top_authors': {
    methods: ["GET","HEAD"]
    pattern: '/admin/dashboard/top-authors'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['topAuthors']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['topAuthors']>>>
    }
  }
  'admin.dashboard.user_posts': {
    methods: ["GET","HEAD"]
    pattern: '/admin/dashboard/people/:id/posts'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['userPosts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/dashboard_lists_controller').default['userPosts']>>>
    }
  }
  'admin.moderation.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/moderation'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['queue']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['queue']>>>
    }
  }
  'admin.moderation.decide': {
    methods: ["POST"]
    pattern: '/admin/moderation/decisions'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_post').bulkModerationValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_post').bulkModerationValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['decide']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['decide']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.moderation.posts': {
    methods: ["GET","HEAD"]
    pattern: '/admin/moderation/posts'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['posts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['posts']>>>
    }
  }
  'admin.moderation.unpublish': {
    methods: ["POST"]
    pattern: '/admin/moderation/posts/:id/unpublish'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_post').unpublishPostValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_post').unpublishPostValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['unpublish']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/moderation_controller').default['unpublish']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.reports.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/reports'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/reports_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/reports_controller').default['index']>>>
    }
  }
  'admin.reports.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/reports/:type/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue, ParamValue]
      params: { type: ParamValue; id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/reports_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/reports_controller').default['show']>>>
    }
  }
  'admin.reports.decide': {
    methods: ["POST"]
    pattern: '/admin/reports/:type/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_post').reportDecisionValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { type: ParamValue; id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_post').reportDecisionValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/reports_controller').default['decide']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/reports_controller').default['decide']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.users.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/users'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['index']>>>
    }
  }
  'admin.users.show': {
    methods: ["GET","HEAD"]
    pattern: '/admin/users/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['show']>>>
    }
  }
  'admin.users.edit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/users/:id/edit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['edit']>>>
    }
  }
  'admin.users.update': {
    methods: ["PUT"]
    pattern: '/admin/users/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_people').adminUpdateUserValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_people').adminUpdateUserValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.users.role': {
    methods: ["PUT"]
    pattern: '/admin/users/:id/role'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_people').changeRoleValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_people').changeRoleValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['updateRole']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['updateRole']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.users.password_reset': {
    methods: ["POST"]
    pattern: '/admin/users/:id/password-reset'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['resetPassword']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['resetPassword']>>>
    }
  }
  'admin.users.block': {
    methods: ["POST"]
    pattern: '/admin/users/:id/block'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_people').blockUserValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_people').blockUserValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['block']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['block']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.users.unblock': {
    methods: ["POST"]
    pattern: '/admin/users/:id/unblock'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['unblock']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['unblock']>>>
    }
  }
  'admin.users.sign_out': {
    methods: ["POST"]
    pattern: '/admin/users/:id/sign-out'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['signOut']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['signOut']>>>
    }
  }
  'admin.admins.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/admins'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['admins']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/people_controller').default['admins']>>>
    }
  }
  'admin.admins.create': {
    methods: ["GET","HEAD"]
    pattern: '/admin/admins/new'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['create']>>>
    }
  }
  'admin.admins.store': {
    methods: ["POST"]
    pattern: '/admin/admins'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_people').createAdminValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_people').createAdminValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.admins.edit': {
    methods: ["GET","HEAD"]
    pattern: '/admin/admins/:id/edit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['edit']>>>
    }
  }
  'admin.admins.update': {
    methods: ["PUT"]
    pattern: '/admin/admins/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_people').adminUpdateUserValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_people').adminUpdateUserValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/admins_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'admin.photos.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/photos'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/profile_images_review_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/profile_images_review_controller').default['index']>>>
    }
  }
  'admin.photos.destroy': {
    methods: ["DELETE"]
    pattern: '/admin/photos/:id/:kind'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/admin_people').removeProfileImageValidator)>>
      paramsTuple: [ParamValue, ParamValue]
      params: { id: ParamValue; kind: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/admin_people').removeProfileImageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/profile_images_review_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/profile_images_review_controller').default['destroy']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'dev.outbox': {
    methods: ["GET","HEAD"]
    pattern: '/dev/outbox'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/dev/outbox_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/dev/outbox_controller').default['index']>>>
    }
  }
  'dev.outbox.show': {
    methods: ["GET","HEAD"]
    pattern: '/dev/outbox/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/dev/outbox_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/dev/outbox_controller').default['show']>>>
    }
  }
  'posts.create': {
    methods: ["GET","HEAD"]
    pattern: '/posts/new'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['create']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['create']>>>
    }
  }
  'posts.store': {
    methods: ["POST"]
    pattern: '/posts'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/post').createPostValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/post').createPostValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'posts.show': {
    methods: ["GET","HEAD"]
    pattern: '/posts/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['show']>>>
    }
  }
  'posts.edit': {
    methods: ["GET","HEAD"]
    pattern: '/posts/:id/edit'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['edit']>>>
    }
  }
  'posts.update': {
    methods: ["PUT"]
    pattern: '/posts/:id'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/post').updatePostValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/post').updatePostValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'posts.destroy': {
    methods: ["DELETE"]
    pattern: '/posts/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['destroy']>>>
    }
  }
  'posts.share': {
    methods: ["POST"]
    pattern: '/posts/:id/share'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/post').sharePostValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/post').sharePostValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['share']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/posts_controller').default['share']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'mentions.search': {
    methods: ["GET","HEAD"]
    pattern: '/mentions'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/post').mentionSearchValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/posts/mentions_controller').default['search']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/posts/mentions_controller').default['search']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'media.show': {
    methods: ["GET","HEAD"]
    pattern: '/media/:id/:variant?'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/media/media_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/media/media_controller').default['show']>>>
    }
  }
  'profiles.show': {
    methods: ["GET","HEAD"]
    pattern: '/u/:username'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profiles_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profiles_controller').default['show']>>>
    }
  }
  'blocks.store': {
    methods: ["POST"]
    pattern: '/u/:username/block'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/blocks_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/blocks_controller').default['store']>>>
    }
  }
  'blocks.destroy': {
    methods: ["DELETE"]
    pattern: '/u/:username/block'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/blocks_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/blocks_controller').default['destroy']>>>
    }
  }
  'reports.store': {
    methods: ["POST"]
    pattern: '/reports'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/people').createReportValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/people').createReportValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/reports_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/reports_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'profile.cover': {
    methods: ["GET","HEAD"]
    pattern: '/profile/cover'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['editCover']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['editCover']>>>
    }
  }
  'profile.cover.update': {
    methods: ["POST"]
    pattern: '/profile/cover'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['updateCover']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['updateCover']>>>
    }
  }
  'profile.cover.destroy': {
    methods: ["DELETE"]
    pattern: '/profile/cover'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['destroyCover']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['destroyCover']>>>
    }
  }
  'profile.avatar.update': {
    methods: ["POST"]
    pattern: '/profile/avatar'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['updateAvatar']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['updateAvatar']>>>
    }
  }
  'profile.avatar.destroy': {
    methods: ["DELETE"]
    pattern: '/profile/avatar'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['destroyAvatar']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['destroyAvatar']>>>
    }
  }
  'users.avatar': {
    methods: ["GET","HEAD"]
    pattern: '/users/:id/avatar'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['showAvatar']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['showAvatar']>>>
    }
  }
  'users.cover': {
    methods: ["GET","HEAD"]
    pattern: '/users/:id/cover'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['showCover']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/people/profile_images_controller').default['showCover']>>>
    }
  }
  'notifications.index': {
    methods: ["GET","HEAD"]
    pattern: '/notifications'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['index']>>>
    }
  }
  'notifications.latest': {
    methods: ["GET","HEAD"]
    pattern: '/notifications/latest'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['latest']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['latest']>>>
    }
  }
  'notifications.read_all': {
    methods: ["POST"]
    pattern: '/notifications/read-all'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['readAll']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['readAll']>>>
    }
  }
  'notifications.open': {
    methods: ["POST"]
    pattern: '/notifications/:id/open'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['open']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['open']>>>
    }
  }
  'notifications.read': {
    methods: ["POST"]
    pattern: '/notifications/:id/read'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['read']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/notifications/notifications_controller').default['read']>>>
    }
  }
  'feed.new': {
    methods: ["GET","HEAD"]
    pattern: '/feeds/:feed/new'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { feed: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/feeds/live_feed_controller').default['newPosts']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/feeds/live_feed_controller').default['newPosts']>>>
    }
  }
  'broadcasting.auth': {
    methods: ["POST"]
    pattern: '/broadcasting/auth'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/realtime/broadcasting_controller').default['auth']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/realtime/broadcasting_controller').default['auth']>>>
    }
  }
  'broadcasting.user_auth': {
    methods: ["POST"]
    pattern: '/broadcasting/user-auth'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/realtime/broadcasting_controller').default['userAuth']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/realtime/broadcasting_controller').default['userAuth']>>>
    }
  }
  'messages.index': {
    methods: ["GET","HEAD"]
    pattern: '/messages'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['index']>>>
    }
  }
  'messages.show': {
    methods: ["GET","HEAD"]
    pattern: '/messages/:username'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['show']>>>
    }
  }
  'messages.history': {
    methods: ["GET","HEAD"]
    pattern: '/messages/:username/history'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: ExtractQueryForGet<InferInput<(typeof import('#validators/message').historyValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['history']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['history']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'messages.store': {
    methods: ["POST"]
    pattern: '/messages/:username'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/message').sendMessageValidator)>>
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/message').sendMessageValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'messages.read': {
    methods: ["POST"]
    pattern: '/messages/:username/read'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/message').markReadValidator)>>
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/message').markReadValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['read']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['read']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'messages.typing': {
    methods: ["POST"]
    pattern: '/messages/:username/typing'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['typing']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/messages/messages_controller').default['typing']>>>
    }
  }
  'photos.index': {
    methods: ["GET","HEAD"]
    pattern: '/photos'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/albums/albums_controller').default['photos']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/albums/albums_controller').default['photos']>>>
    }
  }
  'videos.index': {
    methods: ["GET","HEAD"]
    pattern: '/videos'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/albums/albums_controller').default['videos']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/albums/albums_controller').default['videos']>>>
    }
  }
  'search': {
    methods: ["GET","HEAD"]
    pattern: '/search'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/search/search_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/search/search_controller').default['index']>>>
    }
  }
  'admin.tokens.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/tokens'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/tokens_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/tokens_controller').default['index']>>>
    }
  }
  'admin.tokens.destroy': {
    methods: ["DELETE"]
    pattern: '/admin/tokens/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/tokens_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/tokens_controller').default['destroy']>>>
    }
  }
  'admin.webhooks.index': {
    methods: ["GET","HEAD"]
    pattern: '/admin/webhooks'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['index']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['index']>>>
    }
  }
  'admin.webhooks.store': {
    methods: ["POST"]
    pattern: '/admin/webhooks'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['store']>>>
    }
  }
  'admin.webhooks.update': {
    methods: ["PUT"]
    pattern: '/admin/webhooks/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['update']>>>
    }
  }
  'admin.webhooks.destroy': {
    methods: ["DELETE"]
    pattern: '/admin/webhooks/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['destroy']>>>
    }
  }
  'admin.webhooks.rotate': {
    methods: ["POST"]
    pattern: '/admin/webhooks/:id/secret'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['rotate']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['rotate']>>>
    }
  }
  'admin.webhooks.test': {
    methods: ["POST"]
    pattern: '/admin/webhooks/:id/test'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['test']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/admin/webhooks_controller').default['test']>>>
    }
  }
  'push.store': {
    methods: ["POST"]
    pattern: '/push/subscriptions'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/push').pushSubscriptionValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/push').pushSubscriptionValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['store']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'push.unsubscribe': {
    methods: ["POST"]
    pattern: '/push/unsubscribe'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/push').pushEndpointValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/push').pushEndpointValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['unsubscribe']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['unsubscribe']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'push.destroy': {
    methods: ["DELETE"]
    pattern: '/push/subscriptions/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['destroy']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['destroy']>>>
    }
  }
  'push.setting': {
    methods: ["PUT"]
    pattern: '/profile/push'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/push').pushSettingValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/push').pushSettingValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['setting']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/push_subscriptions_controller').default['setting']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'pwa.manifest': {
    methods: ["GET","HEAD"]
    pattern: '/manifest.webmanifest'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pwa/manifest_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pwa/manifest_controller').default['show']>>>
    }
  }
  'pwa.service_worker': {
    methods: ["GET","HEAD"]
    pattern: '/sw.js'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/pwa/manifest_controller').default['serviceWorker']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/pwa/manifest_controller').default['serviceWorker']>>>
    }
  }
  'profile.notifications.edit': {
    methods: ["GET","HEAD"]
    pattern: '/profile/notifications'
    types: {
      body: {}
      paramsTuple: []
      params: {}
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['edit']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['edit']>>>
    }
  }
  'profile.notifications.update': {
    methods: ["PUT"]
    pattern: '/profile/notifications'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notification_settings').notificationSettingsValidator)>>
      paramsTuple: []
      params: {}
      query: ExtractQuery<InferInput<(typeof import('#validators/notification_settings').notificationSettingsValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['update']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['update']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'posts.mute': {
    methods: ["PUT"]
    pattern: '/posts/:id/mute'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notification_settings').muteValidator)>>
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/notification_settings').muteValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['mutePost']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['mutePost']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'messages.mute': {
    methods: ["PUT"]
    pattern: '/messages/:username/mute'
    types: {
      body: ExtractBody<InferInput<(typeof import('#validators/notification_settings').muteValidator)>>
      paramsTuple: [ParamValue]
      params: { username: ParamValue }
      query: ExtractQuery<InferInput<(typeof import('#validators/notification_settings').muteValidator)>>
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['muteConversation']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/profile/notification_settings_controller').default['muteConversation']>>> | { status: 422; response: { errors: SimpleError[] } }
    }
  }
  'email.unsubscribe': {
    methods: ["GET","HEAD"]
    pattern: '/email/unsubscribe/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/email_unsubscribe_controller').default['show']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/email_unsubscribe_controller').default['show']>>>
    }
  }
  'email.unsubscribe.store': {
    methods: ["POST"]
    pattern: '/email/unsubscribe/:id'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { id: ParamValue }
      query: {}
      response: ExtractResponse<Awaited<ReturnType<import('#controllers/email_unsubscribe_controller').default['store']>>>
      errorResponse: ExtractErrorResponse<Awaited<ReturnType<import('#controllers/email_unsubscribe_controller').default['store']>>>
    }
  }
  'not_found': {
    methods: ["HEAD","OPTIONS","GET","POST","PUT","PATCH","DELETE"]
    pattern: '/*'
    types: {
      body: {}
      paramsTuple: [ParamValue]
      params: { '*': ParamValue[] }
      query: {}
      response: unknown
      errorResponse: unknown
    }
  }
}
