/**
 * Events of the admin posts area (Posts/Form), emitted after the change
 * commits. Notifications listen to `post:announced` (PRODUCT §6 "admin
 * announcement post (to all members)").
 */
export interface PostAnnounced {
  postId: number
  authorId: number
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'post:announced': PostAnnounced
  }
}
