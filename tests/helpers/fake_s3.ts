import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from '@20minutes/s3rver'

/** s3rver's one account. */
const KEY = 'S3RVER'
const BUCKET = 'kalibra-uji'

export interface FakeS3 {
  /** What an app process is given to keep its files in this store (DRIVE_DISK=s3 and S3_*). */
  env: NodeJS.ProcessEnv
  /** The bytes stored under `key`, read straight from the store; null when there is none. */
  object(key: string): Promise<Buffer | null>
  stop(): Promise<void>
}

/**
 * A local S3-compatible store for the tests (s3rver, files in a temporary folder), reached as a
 * MinIO or a Ceph gateway would be: its endpoint, path-style bucket addresses, a key pair.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const directory = await mkdtemp(join(tmpdir(), 'kalibra-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
  })
  return {
    env: {
      DRIVE_DISK: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    async object(key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))
        return Buffer.from(await found.Body!.transformToByteArray())
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null
        throw error
      }
    },
    async stop() {
      client.destroy()
      await server.close()
      await rm(directory, { recursive: true, force: true })
    },
  }
}
