import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_SUBJECTS } from '#enums/report_reason'

/** Reports and profile images (PRODUCT §8). */
const messages = new SimpleMessagesProvider({
  'type.required': 'Say what you are reporting.',
  'type.enum': 'Only a post or a person can be reported.',
  'id.required': 'Say what you are reporting.',
  'id.number': 'The reported item is not valid.',
  'id.withoutDecimals': 'The reported item is not valid.',
  'id.min': 'The reported item is not valid.',
  'id.max': 'The reported item is not valid.',
  'reason.required': 'Choose a reason.',
  'reason.enum': 'Choose one of the listed reasons.',
  'details.string': 'The details must be text.',
  'details.maxLength': `The details must not be longer than ${REPORT_DETAILS_MAX} characters.`,
  'x.number': 'The crop area must be given in whole pixels.',
  'y.number': 'The crop area must be given in whole pixels.',
  'width.number': 'The crop area must be given in whole pixels.',
  'height.number': 'The crop area must be given in whole pixels.',
  'x.withoutDecimals': 'The crop area must be given in whole pixels.',
  'y.withoutDecimals': 'The crop area must be given in whole pixels.',
  'width.withoutDecimals': 'The crop area must be given in whole pixels.',
  'height.withoutDecimals': 'The crop area must be given in whole pixels.',
  'x.min': 'The crop area lies outside the image.',
  'y.min': 'The crop area lies outside the image.',
  'width.min': 'The crop area is empty.',
  'height.min': 'The crop area is empty.',
  'x.max': 'The crop area lies outside the image.',
  'y.max': 'The crop area lies outside the image.',
  'width.max': 'The crop area lies outside the image.',
  'height.max': 'The crop area lies outside the image.',
})

export const createReportValidator = vine.create({
  type: vine.enum(REPORT_SUBJECTS),
  id: vine.number().withoutDecimals().min(1).max(2_147_483_647),
  reason: vine.enum(REPORT_REASONS),
  details: vine.string().trim().maxLength(REPORT_DETAILS_MAX).nullable().optional(),
})
createReportValidator.messagesProvider = messages

const pixel = () => vine.number().withoutDecimals().min(0).max(100_000).optional()

/** The crop rectangle sent with an avatar or cover (all four or none). */
export const cropValidator = vine.create({
  x: pixel(),
  y: pixel(),
  width: vine.number().withoutDecimals().min(1).max(100_000).optional(),
  height: vine.number().withoutDecimals().min(1).max(100_000).optional(),
})
cropValidator.messagesProvider = messages
