import { startupProblems } from '@/lib/config';
import { STORAGE_BUCKET_MISSING, storageChoice } from '@/lib/storage/config';

describe('storage configuration', () => {
  it('uses the local disk unless S3 is asked for', () => {
    expect(storageChoice({})).toEqual({ driver: 'disk' });
    expect(storageChoice({ STORAGE_DRIVER: 'disk', S3_BUCKET: 'b' })).toEqual({ driver: 'disk' });
  });

  it('selects S3 by STORAGE_DRIVER=s3 or by S3_BUCKET alone, with AWS defaults', () => {
    const choice = storageChoice({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' });
    expect(choice).toEqual({
      driver: 's3',
      options: { bucket: 'media', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, prefix: undefined, credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' } },
      signedUrls: false,
      signedUrlSeconds: 300,
    });
  });

  it('points at Cloudflare R2 or MinIO through S3_ENDPOINT (region auto), with signed reads when asked', () => {
    const r2 = storageChoice({ STORAGE_DRIVER: 'S3', S3_BUCKET: 'media', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com', S3_SIGNED_URLS: 'true', S3_SIGNED_URL_SECONDS: '120' });
    expect(r2).toMatchObject({ driver: 's3', options: { region: 'auto', endpoint: 'https://acct.r2.cloudflarestorage.com', credentials: undefined }, signedUrls: true, signedUrlSeconds: 120 });
    const minio = storageChoice({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: '1', S3_REGION: 'us-west-2', S3_PREFIX: 'tna' });
    expect(minio).toMatchObject({ options: { region: 'us-west-2', forcePathStyle: true, prefix: 'tna' } });
  });

  it('refuses to start in production when S3 is asked for without a bucket', () => {
    expect(() => storageChoice({ STORAGE_DRIVER: 's3' })).toThrow(STORAGE_BUCKET_MISSING);
    const env = { NODE_ENV: 'production', AUTH_SECRET: 'x', APP_URL: 'https://jobs.example.com' };
    expect(startupProblems(env)).toEqual([]);
    expect(startupProblems({ ...env, STORAGE_DRIVER: 's3' })).toEqual([STORAGE_BUCKET_MISSING]);
  });
});
