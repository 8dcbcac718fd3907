import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '@/lib/storage';

export const TEST_BUCKET = 'tna-test';

/**
 * A real S3-protocol server (s3rver) on loopback for the test file, and an S3Storage pointed at it.
 * s3rver lacks AbortMultipartUpload, so one middleware adds it as S3 defines it (DELETE
 * /bucket/key?uploadId=…: 204, its parts gone; 404 NoSuchUpload for an unknown upload).
 */
export async function startS3Server() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory: dir, silent: true, configureBuckets: [{ name: TEST_BUCKET }] });
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || !uploadId) return next();
    const bucket = ctx.path.split('/')[1];
    const uploadDir = path.join(server.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId));
    if (!fs.existsSync(uploadDir)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>`;
      return;
    }
    fs.rmSync(uploadDir, { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const driver = (prefix?: string) =>
    new S3Storage({ bucket: TEST_BUCKET, region: 'us-east-1', endpoint, forcePathStyle: true, prefix, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  return {
    endpoint,
    driver,
    /** Files s3rver keeps for unfinished multipart uploads (to see an abort remove them). */
    pendingUploads: () => {
      const uploads = server.store.getResourcePath(TEST_BUCKET, undefined, 'uploads');
      return fs.existsSync(uploads) ? fs.readdirSync(uploads) : [];
    },
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
