import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertPartNumber, assertSafeKey, contentTypeOf, PARTS_MISMATCH, StorageInputError, type Body, type ByteRange, type StorageDriver, type UploadedPart } from './driver';

export type S3Options = {
  bucket: string;
  /** AWS region; 'auto' for Cloudflare R2. */
  region: string;
  /** For R2, MinIO and other S3-compatible services; unset for AWS S3. */
  endpoint?: string;
  /** Path-style addressing (http://host/bucket/key), which MinIO and test servers need. */
  forcePathStyle?: boolean;
  /** Keys are stored under this prefix ('tna/'), so one bucket can serve several sites. */
  prefix?: string;
  /** Unset: the SDK's own chain (AWS_ACCESS_KEY_ID, instance roles, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

const absent = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404);

/** A Body as something the SDK's Node HTTP handler can send piece by piece. */
const sendable = (body: Body) => (Buffer.isBuffer(body) ? body : Readable.fromWeb(body as NodeWebStream<Uint8Array>));

/**
 * The S3-compatible driver (AWS S3, Cloudflare R2, MinIO) over the AWS SDK v3. Reads are ranged
 * GetObject calls streamed as the consumer pulls; multipart calls map one to one onto S3's.
 */
export class S3Storage implements StorageDriver {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ? options.prefix.replace(/\/*$/, '/') : '';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums on every request are new in the SDK and not all S3-compatible services accept them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string) {
    assertSafeKey(key);
    return this.prefix + key;
  }

  async put(key: string, body: Body, contentType: string, size?: number) {
    if (!Buffer.isBuffer(body) && size === undefined) throw new Error('A streamed object needs its size.');
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key(key), Body: sendable(body), ContentType: contentType, ContentLength: Buffer.isBuffer(body) ? body.length : size }),
    );
  }

  async get(key: string) {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { data: Buffer.from(await res.Body!.transformToByteArray()), contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (error) {
      if (absent(error)) return null;
      throw error;
    }
  }

  async stat(key: string) {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return { size: Number(res.ContentLength ?? 0), contentType: res.ContentType ?? contentTypeOf(key) };
    } catch (error) {
      if (absent(error)) return null;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange) {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // The socket's own stream: bytes arrive as the consumer reads them, never the whole object.
      return res.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
    } catch (error) {
      if (absent(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async listOlderThan(prefix: string, before: Date) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const res = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.key(prefix) + '/', ContinuationToken: token }));
      for (const o of res.Contents ?? []) if (o.Key && o.LastModified && o.LastModified < before) keys.push(o.Key.slice(this.prefix.length));
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async startMultipart(key: string, contentType: string) {
    const res = await this.client.send(new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: this.key(key), ContentType: contentType }));
    if (!res.UploadId) throw new Error('The storage service answered no upload id.');
    return res.UploadId;
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: Body, size: number) {
    assertPartNumber(partNumber);
    try {
      const res = await this.client.send(
        new UploadPartCommand({ Bucket: this.bucket, Key: this.key(key), UploadId: uploadId, PartNumber: partNumber, Body: sendable(body), ContentLength: size }),
      );
      return res.ETag ?? '';
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === 'NoSuchUpload') throw new StorageInputError('Upload not found.');
      throw error;
    }
  }

  async completeMultipart(key: string, uploadId: string, parts: UploadedPart[]) {
    try {
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: this.key(key),
          UploadId: uploadId,
          MultipartUpload: { Parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) },
        }),
      );
    } catch (error) {
      // The caller's mistakes (a part S3 does not have, a part under 5 MB that is not the last) are
      // answered as such; anything else is the service's failure.
      if (error instanceof S3ServiceException && ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchUpload'].includes(error.name)) {
        throw new StorageInputError(error.name === 'EntityTooSmall' ? 'Every part but the last must be at least 5 MB.' : PARTS_MISMATCH);
      }
      throw error;
    }
  }

  async abortMultipart(key: string, uploadId: string) {
    try {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key(key), UploadId: uploadId }));
    } catch (error) {
      if (error instanceof S3ServiceException && (error.name === 'NoSuchUpload' || error.$metadata?.httpStatusCode === 404)) return;
      throw error;
    }
  }

  async signedReadUrl(key: string, seconds: number) {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }), { expiresIn: seconds });
  }
}
