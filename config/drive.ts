import { mkdirSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'
import type { DriverContract } from '@adonisjs/drive/types'
import type { InferDriveDisks, ServiceConfigProvider } from '@adonisjs/drive/types'

/**
 * Uploaded media (PRODUCT §3). Files are private: they are never served by
 * Drive's own file server or a public bucket URL, only through the
 * authorising route GET /media/:id/:variant? (MediaController).
 *
 * - `fs` (default): the local disk under MEDIA_ROOT (default storage/media).
 * - `s3`: any S3-compatible object store, used when DRIVE_DISK=s3. It needs
 *   the optional packages `@aws-sdk/client-s3` and
 *   `@aws-sdk/s3-request-presigner` (npm install them on that deployment).
 */
export const driveDisk = env.get('DRIVE_DISK') ?? 'fs'

/**
 * Absolute folder of the local disk. A relative MEDIA_ROOT is resolved from
 * the directory the process starts in (the project root for every npm
 * script), like DATABASE_PATH. Created at boot: a fresh clone has none.
 */
export function mediaRoot() {
  const configured = env.get('MEDIA_ROOT') ?? 'storage/media'
  const folder = isAbsolute(configured) ? configured : resolve(process.cwd(), configured)
  mkdirSync(folder, { recursive: true })
  return folder
}

/**
 * The S3 disk is only resolved when selected, so the AWS SDK stays an
 * optional dependency of deployments that use it.
 */
function s3Disk(): ServiceConfigProvider<() => DriverContract> {
  return {
    type: 'provider',
    async resolver(name, application, locallyServed) {
      if (driveDisk !== 's3') {
        return () => {
          throw new Error(
            'The "s3" disk is not configured: set DRIVE_DISK=s3 and the S3_* variables'
          )
        }
      }
      const provider = services.s3({
        credentials: {
          accessKeyId: env.get('S3_ACCESS_KEY_ID') ?? '',
          secretAccessKey: env.get('S3_SECRET_ACCESS_KEY')?.release() ?? '',
        },
        region: env.get('S3_REGION') ?? 'us-east-1',
        bucket: env.get('S3_BUCKET') ?? '',
        endpoint: env.get('S3_ENDPOINT'),
        forcePathStyle: env.get('S3_FORCE_PATH_STYLE') ?? false,
        visibility: 'private',
        supportsACL: false,
      })
      return provider.resolver(name, application, locallyServed)
    },
  }
}

const driveConfig = defineConfig({
  default: driveDisk,
  /**
   * Tests fake the disk (drive.fake()); each test process gets its own
   * folder so parallel runs never see each other's files.
   */
  fakes: {
    location: app.tmpPath(`drive-fakes-${process.pid}`),
    urlBuilder: {
      async generateURL(key) {
        return `/drive/fakes/${key}`
      },
      async generateSignedURL(key) {
        return `/drive/fakes/signed/${key}`
      },
    },
  },
  services: {
    fs: services.fs({
      location: mediaRoot(),
      serveFiles: false,
      visibility: 'private',
    }),
    s3: s3Disk(),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
