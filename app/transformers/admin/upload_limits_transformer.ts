import { BaseTransformer } from '@adonisjs/core/transformers'

export interface UploadLimitsRecord {
  /** What an admin set (null: the server's maximum). */
  maxFileMb: number | null
  maxFilesPerPost: number | null
  serverMaxFileMb: number
  serverMaxFilesPerPost: number
}

/**
 * Settings/AppSetting's upload limits (`Data.Admin.UploadLimits`): the
 * limits in force, and the server's hard maximums they must stay within.
 */
export default class UploadLimitsTransformer extends BaseTransformer<UploadLimitsRecord> {
  toObject() {
    const r = this.resource
    return {
      maxFileMb: r.maxFileMb ? Math.min(r.maxFileMb, r.serverMaxFileMb) : r.serverMaxFileMb,
      maxFilesPerPost: r.maxFilesPerPost
        ? Math.min(r.maxFilesPerPost, r.serverMaxFilesPerPost)
        : r.serverMaxFilesPerPost,
      serverMaxFileMb: r.serverMaxFileMb,
      serverMaxFilesPerPost: r.serverMaxFilesPerPost,
    }
  }
}
