import type { S3Options } from './s3';

type Env = Partial<Record<string, string>>;

/** Which driver the environment asks for (README "Configuration", docs/storage.md). */
export type StorageChoice = { driver: 'disk' } | { driver: 's3'; options: S3Options; signedUrls: boolean; signedUrlSeconds: number };

const truthy = (v: string | undefined) => v === '1' || v?.toLowerCase() === 'true';

/**
 * STORAGE_DRIVER=s3 (or just S3_BUCKET) selects the S3-compatible driver; anything else the disk.
 * Credentials: S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, else the SDK's own chain (AWS_* variables,
 * an instance role).
 */
export function storageChoice(env: Env = process.env): StorageChoice {
  const driver = env.STORAGE_DRIVER?.toLowerCase() || (env.S3_BUCKET ? 's3' : 'disk');
  if (driver !== 's3') return { driver: 'disk' };
  if (!env.S3_BUCKET) throw new Error(STORAGE_BUCKET_MISSING);
  const seconds = Number(env.S3_SIGNED_URL_SECONDS || 300);
  return {
    driver: 's3',
    options: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || env.AWS_REGION || (env.S3_ENDPOINT ? 'auto' : 'us-east-1'),
      endpoint: env.S3_ENDPOINT || undefined,
      forcePathStyle: truthy(env.S3_FORCE_PATH_STYLE),
      prefix: env.S3_PREFIX || undefined,
      credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    },
    signedUrls: truthy(env.S3_SIGNED_URLS),
    signedUrlSeconds: Number.isFinite(seconds) && seconds >= 10 ? Math.min(Math.floor(seconds), 3600) : 300,
  };
}

export const STORAGE_BUCKET_MISSING = 'STORAGE_DRIVER is s3 but S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT for R2 or MinIO).';

/** What keeps a server from starting with this storage configuration (empty when fine). */
export function storageProblems(env: Env = process.env): string[] {
  try {
    storageChoice(env);
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}
