import vine from '@vinejs/vine'

export const loginValidator = vine.create(
  vine.object({
    uid: vine.string().trim().maxLength(254),
    password: vine.string().maxLength(200),
    remember: vine.boolean().optional(),
  })
)
