/** The few parts of s3rver (a test-only S3 server, devDependency) the storage tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  type Ctx = { method: string; path: string; query: Record<string, string | undefined>; status: number; body: unknown; type: string };
  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean; configureBuckets?: { name: string }[] });
    middleware: ((ctx: Ctx, next: () => Promise<void>) => Promise<void> | void)[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
