import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskStorage, setStorage, StorageInputError, type StorageDriver } from '@/lib/storage';
import { chunkedUploads } from '@/lib/storage/chunked';
import { storedFileResponse } from '@/lib/storage/serve';
import { startS3Server } from '../../helpers/s3-server';

/**
 * One suite, two drivers: what the app relies on from storage holds on the local disk and on a
 * real S3-protocol server (s3rver on loopback) alike.
 */
type Harness = { driver: StorageDriver; pendingUploads: () => string[]; stop: () => Promise<void>; signs: boolean };

async function diskHarness(): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-disk-suite-'));
  const multipart = path.join(dir, '.multipart');
  return {
    driver: new DiskStorage(dir),
    pendingUploads: () => (fs.existsSync(multipart) ? fs.readdirSync(multipart) : []),
    stop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    signs: false,
  };
}

async function s3Harness(): Promise<Harness> {
  const server = await startS3Server();
  // A key prefix, as a shared bucket would use: keys come back without it.
  return { driver: server.driver('site-a'), pendingUploads: server.pendingUploads, stop: server.stop, signs: true };
}

const MB = 1024 * 1024;
const bytes = (n: number, seed: number) => {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i += 4096) b[i] = (seed + i / 4096) % 256;
  return b;
};
const webStream = (b: Buffer) => new Blob([new Uint8Array(b)]).stream();
async function readAll(stream: ReadableStream<Uint8Array> | null) {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) chunks.push(Buffer.from(r.value));
  return Buffer.concat(chunks);
}

describe.each([
  ['disk', diskHarness],
  ['s3', s3Harness],
])('storage on %s', (_name, make) => {
  let h: Harness;
  let s: StorageDriver;
  beforeAll(async () => {
    h = await make();
    s = h.driver;
  });
  afterAll(async () => {
    setStorage(undefined);
    await h.stop();
  });

  it('writes whole files from a buffer or a stream, reads them back, and answers null when absent', async () => {
    await s.put('companies/1/logo.webp', Buffer.from('logo-bytes'), 'image/webp');
    expect(await s.get('companies/1/logo.webp')).toEqual({ data: Buffer.from('logo-bytes'), contentType: 'image/webp' });
    const video = bytes(3 * MB, 1);
    await s.put('jobs/videos/c1/a.mp4', webStream(video), 'video/mp4', video.length);
    expect(await s.stat('jobs/videos/c1/a.mp4')).toEqual({ size: video.length, contentType: 'video/mp4' });
    expect((await readAll(await s.stream('jobs/videos/c1/a.mp4')))!.equals(video)).toBe(true);
    // A second put replaces the file.
    await s.put('companies/1/logo.webp', Buffer.from('new'), 'image/webp');
    expect((await s.get('companies/1/logo.webp'))!.data.toString()).toBe('new');

    expect(await s.get('nothing/here.png')).toBeNull();
    expect(await s.stat('nothing/here.png')).toBeNull();
    expect(await s.stream('nothing/here.png')).toBeNull();
  });

  it('streams byte ranges of a file', async () => {
    const data = bytes(2 * MB + 17, 9);
    await s.put('ranges/file.mp4', data, 'video/mp4');
    expect((await readAll(await s.stream('ranges/file.mp4', { start: 0, end: 9 })))!.equals(data.subarray(0, 10))).toBe(true);
    expect((await readAll(await s.stream('ranges/file.mp4', { start: MB, end: 2 * MB + 16 })))!.equals(data.subarray(MB))).toBe(true);
  });

  it('serves a file through the app with Range support (200, 206, 416)', async () => {
    setStorage(s);
    const data = bytes(MB, 3);
    await s.put('served/clip.mp4', data, 'video/mp4');
    const whole = (await storedFileResponse('served/clip.mp4', null))!;
    expect([whole.status, whole.headers.get('content-length'), whole.headers.get('accept-ranges')]).toEqual([200, String(MB), 'bytes']);
    expect(Buffer.from(await whole.arrayBuffer()).equals(data)).toBe(true);
    const part = (await storedFileResponse('served/clip.mp4', 'bytes=100-199'))!;
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 100-199/${MB}`]);
    expect(Buffer.from(await part.arrayBuffer()).equals(data.subarray(100, 200))).toBe(true);
    expect((await storedFileResponse('served/clip.mp4', `bytes=${MB}-`))!.status).toBe(416);
    expect(await storedFileResponse('served/none.mp4', null)).toBeNull();
  });

  it('deletes files (absent ones too) and lists what is older than a moment under a prefix', async () => {
    await s.put('old/a/1.json', Buffer.from('{}'), 'application/json');
    await s.put('old/b/2.json', Buffer.from('{}'), 'application/json');
    await s.put('older-not/3.json', Buffer.from('{}'), 'application/json');
    const future = new Date(Date.now() + 60_000);
    expect((await s.listOlderThan('old', future)).sort()).toEqual(['old/a/1.json', 'old/b/2.json']);
    expect(await s.listOlderThan('old', new Date(Date.now() - 60_000))).toEqual([]);
    await s.delete('old/a/1.json');
    await s.delete('old/a/1.json');
    expect(await s.listOlderThan('old', future)).toEqual(['old/b/2.json']);
    expect(await s.listOlderThan('no-such-prefix', future)).toEqual([]);
  });

  it('joins a multipart upload from parts sent in any order, a part sent again replacing the first try', async () => {
    const parts = [bytes(5 * MB, 1), bytes(5 * MB, 2), bytes(123_457, 3)];
    const id = await s.startMultipart('jobs/videos/c1/joined.mp4', 'video/mp4');
    const etags: string[] = [];
    etags[3] = await s.uploadPart('jobs/videos/c1/joined.mp4', id, 3, webStream(parts[2]), parts[2].length);
    await s.uploadPart('jobs/videos/c1/joined.mp4', id, 1, webStream(bytes(5 * MB, 77)), 5 * MB);
    etags[1] = await s.uploadPart('jobs/videos/c1/joined.mp4', id, 1, webStream(parts[0]), parts[0].length);
    etags[2] = await s.uploadPart('jobs/videos/c1/joined.mp4', id, 2, parts[1], parts[1].length);
    expect(await s.stat('jobs/videos/c1/joined.mp4')).toBeNull();
    await s.completeMultipart('jobs/videos/c1/joined.mp4', id, [1, 2, 3].map((n) => ({ partNumber: n, etag: etags[n] })));
    const joined = await readAll(await s.stream('jobs/videos/c1/joined.mp4'));
    expect(joined!.equals(Buffer.concat(parts))).toBe(true);
    expect(h.pendingUploads()).toEqual([]);
  });

  it('aborts an unfinished upload: its parts are gone and it can no longer be completed', async () => {
    const id = await s.startMultipart('jobs/videos/c1/abandoned.mp4', 'video/mp4');
    const etag = await s.uploadPart('jobs/videos/c1/abandoned.mp4', id, 1, bytes(5 * MB, 5), 5 * MB);
    expect(h.pendingUploads().length).toBe(1);
    await s.abortMultipart('jobs/videos/c1/abandoned.mp4', id);
    expect(h.pendingUploads()).toEqual([]);
    await expect(s.completeMultipart('jobs/videos/c1/abandoned.mp4', id, [{ partNumber: 1, etag }])).rejects.toThrow();
    expect(await s.stat('jobs/videos/c1/abandoned.mp4')).toBeNull();
    // Aborting twice is fine (the tick may run again).
    await expect(s.abortMultipart('jobs/videos/c1/abandoned.mp4', id)).resolves.toBeUndefined();
  });

  it('refuses part numbers outside 1..10000 as the caller’s mistake', async () => {
    const id = await s.startMultipart('jobs/videos/c1/bad.mp4', 'video/mp4');
    await expect(s.uploadPart('jobs/videos/c1/bad.mp4', id, 0, Buffer.from('x'), 1)).rejects.toBeInstanceOf(StorageInputError);
    await expect(s.uploadPart('jobs/videos/c1/bad.mp4', id, 10_001, Buffer.from('x'), 1)).rejects.toBeInstanceOf(StorageInputError);
    await s.abortMultipart('jobs/videos/c1/bad.mp4', id);
  });

  it('runs the chunked protocol (start, chunk, finish) and the tick aborts uploads untouched for a day', async () => {
    setStorage(s);
    const uploads = chunkedUploads('suite/uploads');
    const a = await uploads.start('c1', 'suite/videos/done.mp4', 'video/mp4', { name: 'done.mp4' });
    const open = await uploads.open('c1', a);
    await uploads.chunk(open, 2, new Blob([new Uint8Array(bytes(1000, 2))]), 100 * MB, 'too large');
    await uploads.chunk(open, 1, new Blob([new Uint8Array(bytes(5 * MB, 1))]), 100 * MB, 'too large');
    await expect(uploads.open('c2', a)).rejects.toMatchObject({ status: 404 });
    await expect(uploads.finish(open, [1, 2, 3], 100 * MB, 'too large')).rejects.toMatchObject({ status: 422, message: 'Part 3 was not uploaded.' });
    const done = await uploads.finish(open, [1, 2], 100 * MB, 'too large');
    expect(done).toEqual({ key: 'suite/videos/done.mp4', meta: { name: 'done.mp4' }, size: 5 * MB + 1000 });
    expect((await s.stat('suite/videos/done.mp4'))!.size).toBe(5 * MB + 1000);
    expect(await s.listOlderThan('suite/uploads', new Date(Date.now() + 60_000))).toEqual([]);

    const b = await uploads.start('c1', 'suite/videos/left.mp4', 'video/mp4');
    await uploads.chunk(await uploads.open('c1', b), 1, new Blob([new Uint8Array(bytes(5 * MB, 4))]), 100 * MB, 'too large');
    expect(await uploads.purgeAbandoned(new Date())).toEqual({ aborted: 0 });
    expect(h.pendingUploads().length).toBe(1);
    expect(await uploads.purgeAbandoned(new Date(Date.now() + 25 * 3600 * 1000))).toEqual({ aborted: 1 });
    expect(h.pendingUploads()).toEqual([]);
    await expect(uploads.open('c1', b)).rejects.toMatchObject({ status: 404 });
    expect(await s.listOlderThan('suite/uploads', new Date(Date.now() + 60_000))).toEqual([]);
  });

  /** The driver, with its uploadPart calls counted and completeMultipart replaceable. */
  function watched(complete?: StorageDriver['completeMultipart']) {
    const calls = { uploadPart: 0 };
    const driver: StorageDriver = Object.create(s);
    driver.uploadPart = (...args) => {
      calls.uploadPart++;
      return s.uploadPart(...args);
    };
    if (complete) driver.completeMultipart = complete;
    setStorage(driver);
    return calls;
  }
  const EVER = new Date(8.64e15);
  const everything = async (prefix: string) => (await s.listOlderThan(prefix, EVER)).sort();
  const blob = (size: number, seed: number) => new Blob([new Uint8Array(bytes(size, seed))]);

  it('refuses (413) a chunk that would take the upload past its size limit, storing nothing of it', async () => {
    const calls = watched();
    const uploads = chunkedUploads('limit/uploads');
    const LIMIT = 12 * MB;
    const id = await uploads.start('c1', 'limit/videos/big.mp4', 'video/mp4');
    const open = await uploads.open('c1', id);
    await uploads.chunk(open, 1, blob(5 * MB, 1), LIMIT, 'At most 12 MB.');
    await uploads.chunk(open, 2, blob(5 * MB, 2), LIMIT, 'At most 12 MB.');
    // A part sent again replaces itself: it counts once.
    await uploads.chunk(open, 2, blob(5 * MB, 2), LIMIT, 'At most 12 MB.');
    const before = await everything('limit/uploads');
    expect(calls.uploadPart).toBe(3);

    await expect(uploads.chunk(open, 3, blob(3 * MB, 3), LIMIT, 'At most 12 MB.')).rejects.toMatchObject({ status: 413, message: 'At most 12 MB.', field: 'file' });
    // A part sent again larger is counted at its new size too.
    await expect(uploads.chunk(open, 2, blob(8 * MB, 2), LIMIT, 'At most 12 MB.')).rejects.toMatchObject({ status: 413 });
    expect(calls.uploadPart).toBe(3);
    expect(await everything('limit/uploads')).toEqual(before);

    // Still under the limit: the upload goes on and finishes with what was kept.
    await uploads.chunk(open, 3, blob(1000, 3), LIMIT, 'At most 12 MB.');
    const done = await uploads.finish(open, [1, 2, 3], LIMIT, 'At most 12 MB.');
    expect(done.size).toBe(10 * MB + 1000);
    expect(h.pendingUploads()).toEqual([]);
    expect(await everything('limit/uploads')).toEqual([]);
    setStorage(s);
  });

  it('counts parts sent at the same time against each other: together they cannot pass the limit', async () => {
    const calls = watched();
    const uploads = chunkedUploads('race/uploads');
    const LIMIT = 12 * MB;
    const open = await uploads.open('c1', await uploads.start('c1', 'race/videos/big.mp4', 'video/mp4'));
    await uploads.chunk(open, 1, blob(5 * MB, 1), LIMIT, 'At most 12 MB.');
    // 5 MB + 5 MB fits in 12 MB, a third 5 MB part does not: at most one of these may be kept.
    const racing = await Promise.allSettled([2, 3, 4].map((n) => uploads.chunk(open, n, blob(5 * MB, n), LIMIT, 'At most 12 MB.')));
    const kept = racing.filter((r) => r.status === 'fulfilled').length;
    expect(kept).toBeLessThanOrEqual(1);
    for (const r of racing) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 413, message: 'At most 12 MB.' });
    expect(calls.uploadPart).toBe(1 + kept);
    // Refused parts leave no hold behind: the part records and the meta record only.
    expect((await everything('race/uploads')).map((k) => k.split('/').pop()).filter((n) => !/^part-\d+\.json$/.test(n!))).toEqual(['meta.json']);
    expect(await uploads.purgeAbandoned(new Date(Date.now() + 25 * 3600 * 1000))).toEqual({ aborted: 1 });
    expect(h.pendingUploads()).toEqual([]);
    setStorage(s);
  });

  it('aborts the upload at once when finish refuses the file: too large (413) or parts the storage will not join (422)', async () => {
    setStorage(s);
    const uploads = chunkedUploads('abort/uploads');
    const big = await uploads.open('c1', await uploads.start('c1', 'abort/videos/big.mp4', 'video/mp4'));
    await uploads.chunk(big, 1, blob(5 * MB, 1), 100 * MB, 'too large');
    await uploads.chunk(big, 2, blob(1000, 2), 100 * MB, 'too large');
    expect(h.pendingUploads().length).toBe(1);
    await expect(uploads.finish(big, [1, 2], 5 * MB, 'At most 5 MB.')).rejects.toMatchObject({ status: 413, message: 'At most 5 MB.' });
    expect(h.pendingUploads()).toEqual([]);
    expect(await everything('abort/uploads')).toEqual([]);
    await expect(uploads.open('c1', big.uploadId)).rejects.toMatchObject({ status: 404 });
    expect(await s.stat('abort/videos/big.mp4')).toBeNull();

    // S3 refuses parts under 5 MB but the last one (EntityTooSmall): the upload cannot become a file.
    watched(async () => {
      throw new StorageInputError('Every part but the last must be at least 5 MB.');
    });
    const small = await uploads.open('c1', await uploads.start('c1', 'abort/videos/small.mp4', 'video/mp4'));
    await uploads.chunk(small, 1, blob(1000, 1), 100 * MB, 'too large');
    await uploads.chunk(small, 2, blob(1000, 2), 100 * MB, 'too large');
    await expect(uploads.finish(small, [1, 2], 100 * MB, 'too large')).rejects.toMatchObject({ status: 422, message: 'Every part but the last must be at least 5 MB.' });
    expect(h.pendingUploads()).toEqual([]);
    expect(await everything('abort/uploads')).toEqual([]);
    setStorage(s);
  });

  it('finishes only with exactly the uploaded parts 1..n: otherwise 422 naming the parts, and nothing changes', async () => {
    setStorage(s);
    const uploads = chunkedUploads('gaps/uploads');
    const open = await uploads.open('c1', await uploads.start('c1', 'gaps/videos/whole.mp4', 'video/mp4'));
    const parts = [bytes(5 * MB, 1), bytes(5 * MB, 2), bytes(1000, 3)];
    for (const [i, p] of parts.entries()) await uploads.chunk(open, i + 1, new Blob([new Uint8Array(p)]), 100 * MB, 'too large');
    const before = await everything('gaps/uploads');
    const refused = async (list: number[], message: string) =>
      expect(uploads.finish(open, list, 100 * MB, 'too large')).rejects.toMatchObject({ status: 422, field: 'parts', message });
    await refused([1, 3], 'Part 2 was uploaded but is not in the list of parts.');
    await refused([1, 2], 'Part 3 was uploaded but is not in the list of parts.');
    await refused([2, 3], 'Part 1 was uploaded but is not in the list of parts.');
    await refused([1, 2, 3, 4], 'Part 4 was not uploaded.');
    await refused([1, 2, 3, 5, 6], 'Parts 4-6 were not uploaded.');
    await refused([1, 3, 5], 'Parts 4, 5 were not uploaded. Part 2 was uploaded but is not in the list of parts.');
    expect(await everything('gaps/uploads')).toEqual(before);
    expect(h.pendingUploads().length).toBe(1);
    expect(await s.stat('gaps/videos/whole.mp4')).toBeNull();

    const done = await uploads.finish(open, [1, 2, 3], 100 * MB, 'too large');
    expect(done.size).toBe(10 * MB + 1000);
    expect((await readAll(await s.stream('gaps/videos/whole.mp4')))!.equals(Buffer.concat(parts))).toBe(true);
    // Every record of the upload went with it.
    expect(await everything('gaps/uploads')).toEqual([]);
  });

  it('the tick removes every record of an abandoned upload, and records whose upload has ended', async () => {
    setStorage(s);
    const uploads = chunkedUploads('purge/uploads');
    const open = await uploads.open('c1', await uploads.start('c1', 'purge/videos/left.mp4', 'video/mp4'));
    await uploads.chunk(open, 1, blob(5 * MB, 1), 100 * MB, 'too large');
    // A hold left by a request that died after storing its part, and records of an ended upload.
    await s.put(`purge/uploads/c1/${open.uploadId}/hold-2-1000-abcdef.json`, Buffer.from('{}'), 'application/json');
    await s.put('purge/uploads/c1/0123456789abcdef01234567/part-2.json', Buffer.from('{"etag":"x","size":1}'), 'application/json');
    await s.put('purge/uploads/c1/0123456789abcdef01234567/hold-3-1-abcdef.json', Buffer.from('{}'), 'application/json');

    expect(await uploads.purgeAbandoned(new Date())).toEqual({ aborted: 0 });
    expect((await everything('purge/uploads')).length).toBe(5);
    expect(await uploads.purgeAbandoned(new Date(Date.now() + 25 * 3600 * 1000))).toEqual({ aborted: 1 });
    expect(await everything('purge/uploads')).toEqual([]);
    expect(h.pendingUploads()).toEqual([]);
  });

  it('gives a short-lived signed URL where the service has them (S3), none on disk', async () => {
    await s.put('signed/pic.png', Buffer.from('png-bytes'), 'image/png');
    const url = await s.signedReadUrl('signed/pic.png', 60);
    if (!h.signs) return expect(url).toBeNull();
    expect(url).toMatch(/X-Amz-Expires=60/);
    const res = await fetch(url!);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png-bytes');
    // The app answers a redirect to it when signed reads are on.
    setStorage(s, 60);
    const redirect = (await storedFileResponse('signed/pic.png', null))!;
    expect(redirect.status).toBe(302);
    expect(await (await fetch(redirect.headers.get('location')!)).text()).toBe('png-bytes');
    setStorage(s);
  });
});

/**
 * S3 refuses to complete with an ETag that is not the stored part's (InvalidPart); s3rver does not
 * check, so this runs on disk, whose ETag is a hash of the part's bytes and is checked when joining.
 */
describe('storage on disk, parts sent twice', () => {
  let h: Harness;
  let s: StorageDriver;
  beforeAll(async () => {
    h = await diskHarness();
    s = h.driver;
  });
  afterAll(() => h.stop());

  it('refuses (as the caller’s mistake) to join a part under the ETag of a copy it replaced, and keeps no file', async () => {
    const id = await s.startMultipart('jobs/videos/c1/stale.mp4', 'video/mp4');
    const first = await s.uploadPart('jobs/videos/c1/stale.mp4', id, 1, Buffer.from('first copy'), 10);
    const second = await s.uploadPart('jobs/videos/c1/stale.mp4', id, 1, Buffer.from('second, longer copy'), 19);
    expect(second).not.toBe(first);
    await expect(s.completeMultipart('jobs/videos/c1/stale.mp4', id, [{ partNumber: 1, etag: first }])).rejects.toBeInstanceOf(StorageInputError);
    expect(await s.stat('jobs/videos/c1/stale.mp4')).toBeNull();
    await s.abortMultipart('jobs/videos/c1/stale.mp4', id);
  });
});
