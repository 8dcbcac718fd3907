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
    await uploads.chunk(open, 2, new Blob([new Uint8Array(bytes(1000, 2))]));
    await uploads.chunk(open, 1, new Blob([new Uint8Array(bytes(5 * MB, 1))]));
    await expect(uploads.open('c2', a)).rejects.toMatchObject({ status: 404 });
    await expect(uploads.finish(open, [1, 2, 3], 100 * MB, 'too large')).rejects.toMatchObject({ status: 422, message: 'Part 3 was not uploaded.' });
    await expect(uploads.finish(open, [1, 2], 5 * MB, 'too large')).rejects.toMatchObject({ status: 413 });
    const done = await uploads.finish(open, [1, 2], 100 * MB, 'too large');
    expect(done).toEqual({ key: 'suite/videos/done.mp4', meta: { name: 'done.mp4' }, size: 5 * MB + 1000 });
    expect((await s.stat('suite/videos/done.mp4'))!.size).toBe(5 * MB + 1000);
    expect(await s.listOlderThan('suite/uploads', new Date(Date.now() + 60_000))).toEqual([]);

    const b = await uploads.start('c1', 'suite/videos/left.mp4', 'video/mp4');
    await uploads.chunk(await uploads.open('c1', b), 1, new Blob([new Uint8Array(bytes(5 * MB, 4))]));
    expect(await uploads.purgeAbandoned(new Date())).toEqual({ aborted: 0 });
    expect(h.pendingUploads().length).toBe(1);
    expect(await uploads.purgeAbandoned(new Date(Date.now() + 25 * 3600 * 1000))).toEqual({ aborted: 1 });
    expect(h.pendingUploads()).toEqual([]);
    await expect(uploads.open('c1', b)).rejects.toMatchObject({ status: 404 });
    expect(await s.listOlderThan('suite/uploads', new Date(Date.now() + 60_000))).toEqual([]);
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
