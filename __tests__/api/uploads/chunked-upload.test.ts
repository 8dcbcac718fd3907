import fs from 'node:fs';
import path from 'node:path';
import { POST as jobVideoPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { getDb } from '@/lib/db/client';
import { storage } from '@/lib/storage';
import { PARTS_MISMATCH } from '@/lib/storage/driver';
import { tickSteps } from '@/lib/tick/steps';
import { VIDEO_MAX_BYTES, videoTooLarge } from '@/lib/storage/video-upload';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { MP4, adTokens, upload, uploadForm, type AdTokens } from '../ads/helpers';

/**
 * Chunked uploads through the API (jobs spec §7) against their size limit and their part list.
 * The limit of a video upload is 500 MB; here the upload calls get one of 3 MB, so the tests send
 * a few MB and not hundreds, in parts of 1 MB (at most 10; the real parts are 5 MB or more), and an
 * uploader's day is 10 MB instead of 5 GB.
 */
jest.mock('@/lib/storage/video-upload', () => {
  const actual = jest.requireActual<typeof import('@/lib/storage/video-upload')>('@/lib/storage/video-upload');
  return { ...actual, videoUploads: (records: string) => actual.videoUploads(records, { maxBytes: 3 * 1024 * 1024, dailyBytes: 10 * 1024 * 1024, maxParts: 10 }) };
});

const MB = 1024 * 1024;
const LIMIT_MESSAGE = 'This video is too large: videos may be at most 3 MB.';

let t: AdTokens;
const dir = withTempStorage('chunked');
beforeAll(async () => {
  await seed();
  t = await adTokens();
});

/** A part of `size` bytes; part 1 starts like an mp4. */
const part = (n: number, size: number) => (n === 1 ? Buffer.concat([MP4, Buffer.alloc(size - MP4.length, 1)]) : Buffer.alloc(size, n));
const filesUnder = (p: string): string[] =>
  fs.existsSync(p) ? (fs.readdirSync(p, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort() : [];
/** Parts waiting on disk and the records of unfinished uploads. */
const stored = () => ({ parts: filesUnder(path.join(dir, '.multipart')), records: filesUnder(path.join(dir, 'ads/uploads')) });
const sizeOfMedia = (file: string) => fs.statSync(path.join(dir, 'ads/media', file)).size;

async function startAd() {
  const res = await upload(t.ads, { stage: 'start', extension: 'mp4' });
  expect(res.status).toBe(200);
  return res.json.data.upload_id as string;
}
async function chunk(upload_id: string, n: number, size: number) {
  return upload(t.ads, { stage: 'chunk', upload_id, part_number: String(n), file: part(n, size) });
}
const finish = (upload_id: string, parts: number[]) => upload(t.ads, { stage: 'finish', upload_id, parts: JSON.stringify(parts) });

describe('chunked upload size limit', () => {
  it('says the limit of a video upload in MB', () => {
    expect(videoTooLarge(VIDEO_MAX_BYTES)).toBe('This video is too large: videos may be at most 500 MB.');
  });

  it('refuses (413, naming the limit) an ad video chunk that would take the upload past the limit, and keeps nothing of it', async () => {
    const upload_id = await startAd();
    for (const n of [1, 2, 3]) expect((await chunk(upload_id, n, MB)).status).toBe(200);
    const before = stored();

    const over = await chunk(upload_id, 4, 1000);
    expect([over.status, over.json.errors]).toEqual([413, [{ message: LIMIT_MESSAGE, field: 'file' }]]);
    const alone = await chunk(upload_id, 4, 3 * MB + 1);
    expect([alone.status, alone.json.errors]).toEqual([413, [{ message: LIMIT_MESSAGE, field: 'file' }]]);
    expect(stored()).toEqual(before);

    // A part sent again replaces itself, so it fits; the upload finishes with what it kept.
    expect((await chunk(upload_id, 3, MB)).status).toBe(200);
    const done = await finish(upload_id, [1, 2, 3]);
    expect(done.status).toBe(200);
    expect(sizeOfMedia(done.json.data.id)).toBe(3 * MB);
    expect(stored()).toEqual({ parts: [], records: [] });
  });

  it('refuses a job video chunk past the limit the same way', async () => {
    const send = (fields: Record<string, string | Buffer>) => call(jobVideoPost, { method: 'POST', token: t.employer, rawBody: uploadForm(fields) });
    const { upload_id } = (await send({ stage: 'start', extension: 'mp4' })).json.data;
    expect((await send({ stage: 'chunk', upload_id, part_number: '1', file: part(1, 2 * MB) })).status).toBe(200);
    const over = await send({ stage: 'chunk', upload_id, part_number: '2', file: part(2, MB + 1) });
    expect([over.status, over.json.errors]).toEqual([413, [{ message: LIMIT_MESSAGE, field: 'file' }]]);
    expect((await send({ stage: 'finish', upload_id, parts: '[1]' })).status).toBe(200);
  });

  /**
   * Two copies of part 2 sent at once, in an order the server can take: the small copy's bytes are
   * stored first and the large copy's over them, but the small copy's part record is written last.
   * Answers a function that puts the driver back.
   */
  function smallRecordOverLargeBytes(smallSize: number) {
    const driver = storage();
    const [uploadPart, put] = [driver.uploadPart.bind(driver), driver.put.bind(driver)];
    let smallStored!: () => void;
    const smallBytesStored = new Promise<void>((r) => (smallStored = r));
    let largeRecorded!: () => void;
    const largeRecordWritten = new Promise<void>((r) => (largeRecorded = r));
    const sizeInRecord = (key: string, body: unknown) => (key.endsWith('/part-2.json') && Buffer.isBuffer(body) ? (JSON.parse(body.toString()).size as number) : null);
    const spies = [
      jest.spyOn(driver, 'uploadPart').mockImplementation(async (key, id, n, body, size) => {
        if (size !== smallSize) await smallBytesStored;
        const etag = await uploadPart(key, id, n, body, size);
        if (size === smallSize) smallStored();
        return etag;
      }),
      jest.spyOn(driver, 'put').mockImplementation(async (key, body, type, size) => {
        const recorded = sizeInRecord(key, body);
        if (recorded === smallSize) await largeRecordWritten;
        await put(key, body, type, size);
        if (recorded !== null && recorded !== smallSize) largeRecorded();
      }),
    ];
    return () => spies.forEach((s) => s.mockRestore());
  }

  it('never stores a video over the limit when two copies of a part are sent at once: finish refuses (422) parts whose bytes are not the recorded copy', async () => {
    const upload_id = await startAd();
    expect((await chunk(upload_id, 1, MB)).status).toBe(200);
    const restore = smallRecordOverLargeBytes(1);
    const copies = await Promise.all([chunk(upload_id, 2, 1), chunk(upload_id, 2, 2 * MB)]);
    restore();
    expect(copies.map((c) => c.status)).toEqual([200, 200]);
    // The records count part 2 as 1 byte, so a third part of 2 MB - 1 still fits under 3 MB.
    expect((await chunk(upload_id, 3, 2 * MB - 1)).status).toBe(200);
    const media = filesUnder(path.join(dir, 'ads/media'));

    const done = await finish(upload_id, [1, 2, 3]);
    expect([done.status, done.json.errors]).toEqual([422, [{ message: PARTS_MISMATCH, field: 'parts' }]]);
    // No 5 MB video was stored, and the refused upload is gone.
    expect(filesUnder(path.join(dir, 'ads/media'))).toEqual(media);
    expect(stored()).toEqual({ parts: [], records: [] });
  });
});

describe('chunked upload part list', () => {
  it('refuses (422, naming the part) a finish that leaves out an uploaded part or lists one never sent, and changes nothing', async () => {
    const upload_id = await startAd();
    for (const [n, size] of [[1, MB], [2, MB], [3, MB / 2]]) expect((await chunk(upload_id, n, size)).status).toBe(200);
    const before = stored();
    const media = filesUnder(path.join(dir, 'ads/media'));

    const gap = await finish(upload_id, [1, 3]);
    expect([gap.status, gap.json.errors]).toEqual([422, [{ message: 'Part 2 was uploaded but is not in the list of parts.', field: 'parts' }]]);
    const extra = await finish(upload_id, [1, 2, 3, 4]);
    expect([extra.status, extra.json.errors]).toEqual([422, [{ message: 'Part 4 was not uploaded.', field: 'parts' }]]);
    expect(stored()).toEqual(before);
    expect(filesUnder(path.join(dir, 'ads/media'))).toEqual(media);

    const done = await finish(upload_id, [1, 2, 3]);
    expect(done.status).toBe(200);
    expect(sizeOfMedia(done.json.data.id)).toBe(2.5 * MB);
    // No record of the upload is left behind, part records included.
    expect(stored()).toEqual({ parts: [], records: [] });
  });

  it('refuses a finish over a part that was never sent (a gap in the upload itself)', async () => {
    const upload_id = await startAd();
    for (const n of [1, 3]) expect((await chunk(upload_id, n, MB)).status).toBe(200);
    const gap = await finish(upload_id, [1, 3]);
    expect([gap.status, gap.json.errors]).toEqual([422, [{ message: 'Part 2 was not uploaded.', field: 'parts' }]]);
    expect((await chunk(upload_id, 2, MB)).status).toBe(200);
    expect((await finish(upload_id, [1, 2, 3])).status).toBe(200);
  });

  it('the tick removes every record of an abandoned upload and records left behind by an ended one', async () => {
    const abandoned = await startAd();
    expect((await chunk(abandoned, 1, MB)).status).toBe(200);
    // What a finish that kept part 2's record left behind: records with no upload any more.
    const ended = path.join(dir, 'ads/uploads/staff/0123456789abcdef01234567');
    fs.mkdirSync(ended, { recursive: true });
    fs.writeFileSync(path.join(ended, 'part-2.json'), JSON.stringify({ etag: '"x"', size: 6 * MB }));
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const f of stored().records) fs.utimesSync(f, twoDaysAgo, twoDaysAgo);

    const step = tickSteps().find((s) => s.name === 'ad-upload-parts')!;
    await step.run({ db: await getDb(), now: new Date() });
    expect(stored()).toEqual({ parts: [], records: [] });
    expect((await finish(abandoned, [1])).status).toBe(404);
  });
});

describe('daily upload amount per uploader', () => {
  const send = (token: string, fields: Record<string, string | Buffer>) => call(jobVideoPost, { method: 'POST', token, rawBody: uploadForm(fields) });
  const start = async (token: string) => (await send(token, { stage: 'start', extension: 'mp4' })).json.data.upload_id as string;
  const firstChunk = async (token: string, size: number) => send(token, { stage: 'chunk', upload_id: await start(token), part_number: '1', file: part(1, size) });
  const DAY_MESSAGE = "You have reached today's upload limit of 10 MB. Try again in 24 hours.";

  it('counts every file and chunk a company sends against its day (429 past it), not the refused ones, and not other companies', async () => {
    expect((await send(t.employer, { stage: 'simple', extension: 'mp4', file: part(1, 2 * MB) })).status).toBe(200); // 2 MB
    const a = await start(t.employer);
    expect((await send(t.employer, { stage: 'chunk', upload_id: a, part_number: '1', file: part(1, 3 * MB) })).status).toBe(200); // 5 MB
    // Refused by the upload's own limit: not counted.
    expect((await send(t.employer, { stage: 'chunk', upload_id: a, part_number: '2', file: part(2, MB) })).status).toBe(413);
    expect((await firstChunk(t.employer, 3 * MB)).status).toBe(200); // 8 MB
    expect((await firstChunk(t.employer, 2 * MB)).status).toBe(200); // 10 MB: the whole day

    // The company's other users share the day; another company has its own.
    const over = await firstChunk(t.companyAdmin, 1024);
    expect([over.status, over.json.errors, over.headers.get('retry-after')]).toEqual([429, [{ message: DAY_MESSAGE }], expect.stringMatching(/^86\d{3}$/)]);
    const before = stored();
    const simple = await send(t.companyAdmin, { stage: 'simple', extension: 'mp4', file: part(1, 1024) });
    expect([simple.status, simple.json.errors]).toEqual([429, [{ message: DAY_MESSAGE }]]);
    expect(stored()).toEqual(before);
    expect((await firstChunk(t.rival, 2 * MB)).status).toBe(200);
  });

  it('gives a staff member a day of their own', async () => {
    for (let i = 0; i < 3; i++) expect((await upload(t.ads, { stage: 'chunk', upload_id: await startAd(), part_number: '1', file: part(1, 3 * MB) })).status).toBe(200);
    expect((await upload(t.ads, { stage: 'chunk', upload_id: await startAd(), part_number: '1', file: part(1, 2 * MB) })).status).toBe(429);
    expect((await upload(t.ads, { stage: 'chunk', upload_id: await startAd(), part_number: '1', file: part(1, MB) })).status).toBe(200);
  });
});
