import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, services } from '@adonisjs/drive'

/** The folder of the local disk (DRIVE_DISK=fs), absolute. */
export const localStorageRoot = app.makePath(env.get('STORAGE_PATH', 'storage'))

/**
 * Where uploaded files live: the local disk under STORAGE_PATH by default
 * (outside public/, never served directly), or an S3-compatible store when
 * DRIVE_DISK=s3. Files are only ever served through the guarded routes of
 * app/controllers/orders/files_controller.ts.
 */
/** The disk files are stored on: fs or s3 (DRIVE_DISK). */
export const driveDisk = env.get('DRIVE_DISK', 'fs')

const driveConfig = defineConfig({
  default: driveDisk,
  services: {
    fs: services.fs({
      location: localStorageRoot,
      serveFiles: false,
      visibility: 'private',
    }),
    s3: services.s3({
      credentials: {
        accessKeyId: env.get('S3_ACCESS_KEY_ID', ''),
        secretAccessKey: env.get('S3_SECRET_ACCESS_KEY', ''),
      },
      region: env.get('S3_REGION', 'us-east-1'),
      bucket: env.get('S3_BUCKET', 'kalibra'),
      endpoint: env.get('S3_ENDPOINT'),
      forcePathStyle: env.get('S3_FORCE_PATH_STYLE', true),
      // Checksums only where an operation requires one (the SDK's behaviour before 2025): its
      // newer default, a checksum trailer on every streamed upload, is refused by many
      // S3-compatible stores (older MinIO and Ceph gateways among them) and the upload fails.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
