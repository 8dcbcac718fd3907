import fs from 'node:fs';
import path from 'node:path';
import { DELETE as adCancel } from '@/app/api/v1.0/ads/multimedia/upload/[uploadId]/route';
import { DELETE as jobCancel } from '@/app/api/v1.0/jobs/multimedia/upload/[uploadId]/route';
import { POST as jobVideoPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { storage } from '@/lib/storage';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { MP4, adTokens, upload as adUpload, uploadForm, type AdTokens } from '../ads/helpers';

/**
 * DELETE /{jobs,ads}/multimedia/upload/{uploadId}: the browser's Cancel drops an unfinished chunked
 * upload at once (its parts and records), not a day later by the tick. Only the upload's owner may:
 * another company's user gets 404 and nothing of it goes.
 */
let t: AdTokens;
const dir = withTempStorage('cancel');
beforeAll(async () => {
  await seed();
  t = await adTokens();
});

const MB = 1024 * 1024;
const part = (n: number, size: number) => (n === 1 ? Buffer.concat([MP4, Buffer.alloc(size - MP4.length, 1)]) : Buffer.alloc(size, n));
const filesUnder = (p: string): string[] =>
  fs.existsSync(p) ? (fs.readdirSync(p, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)).sort() : [];
/** Parts waiting on disk and the records of unfinished uploads of one domain. */
const stored = (records: string) => ({ parts: filesUnder(path.join(dir, '.multipart')), records: filesUnder(path.join(dir, records)) });

const jobSend = (token: string, fields: Record<string, string | Buffer>) => call(jobVideoPost, { method: 'POST', token, rawBody: uploadForm(fields) });
const cancelJob = (token: string, uploadId: string) => call(jobCancel, { method: 'DELETE', token, params: { uploadId } });
const cancelAd = (token: string, uploadId: string) => call(adCancel, { method: 'DELETE', token, params: { uploadId } });

/** A job video upload of the employer's company with two parts sent. */
async function startedJobUpload() {
  const upload_id = (await jobSend(t.employer, { stage: 'start', extension: 'mp4' })).json.data.upload_id as string;
  for (const n of [1, 2]) expect((await jobSend(t.employer, { stage: 'chunk', upload_id, part_number: String(n), file: part(n, MB) })).status).toBe(200);
  return upload_id;
}

describe('cancelling a job video upload', () => {
  it('another company gets 404 and nothing is removed; the owner drops every part and record at once', async () => {
    const upload_id = await startedJobUpload();
    const before = stored('jobs/uploads');
    expect(before.parts).toHaveLength(2);
    expect(before.records.length).toBeGreaterThan(0);

    const theirs = await cancelJob(t.rival, upload_id);
    expect([theirs.status, theirs.json.errors]).toEqual([404, [{ message: 'Upload not found.' }]]);
    expect(stored('jobs/uploads')).toEqual(before);

    // Another user of the same company may cancel it: the company's uploads are shared, as continuing them is.
    const own = await cancelJob(t.companyAdmin, upload_id);
    expect([own.status, own.json.data]).toEqual([200, { upload_id }]);
    expect(stored('jobs/uploads')).toEqual({ parts: [], records: [] });

    // The upload has ended: going on with it, finishing it or cancelling it again is 404.
    expect((await jobSend(t.employer, { stage: 'chunk', upload_id, part_number: '3', file: part(3, MB) })).status).toBe(404);
    expect((await jobSend(t.employer, { stage: 'finish', upload_id, parts: '[1,2]' })).status).toBe(404);
    expect((await cancelJob(t.employer, upload_id)).status).toBe(404);
  });

  it('answers 404 for an id that names no upload, and refuses roles without job uploads', async () => {
    expect((await cancelJob(t.employer, 'nope')).status).toBe(404);
    expect((await cancelJob(t.employer, 'a'.repeat(24))).status).toBe(404);
    const upload_id = await startedJobUpload();
    const before = stored('jobs/uploads');
    expect((await cancelJob(t.driver, upload_id)).status).toBe(403);
    expect(stored('jobs/uploads')).toEqual(before);
    expect((await cancelJob(t.employer, upload_id)).status).toBe(200);
  });

  it('drops a part still on its way when the upload is cancelled, and does not bring its records back', async () => {
    const upload_id = (await jobSend(t.employer, { stage: 'start', extension: 'mp4' })).json.data.upload_id as string;
    const driver = storage();
    const uploadPart = driver.uploadPart.bind(driver);
    // The Cancel arrives while part 1's bytes are being stored (the browser aborted its request; the server carries on).
    const spy = jest.spyOn(driver, 'uploadPart').mockImplementationOnce(async (...args) => {
      const etag = await uploadPart(...args);
      expect((await cancelJob(t.employer, upload_id)).status).toBe(200);
      return etag;
    });
    try {
      const late = await jobSend(t.employer, { stage: 'chunk', upload_id, part_number: '1', file: part(1, MB) });
      expect([late.status, late.json.errors]).toEqual([404, [{ message: 'Upload not found.' }]]);
    } finally {
      spy.mockRestore();
    }
    expect(stored('jobs/uploads')).toEqual({ parts: [], records: [] });
  });
});

describe('cancelling an ad video upload', () => {
  it('the ads manager drops it at once; a company user is refused (403) and nothing is removed', async () => {
    const upload_id = (await adUpload(t.ads, { stage: 'start', extension: 'mp4' })).json.data.upload_id as string;
    expect((await adUpload(t.ads, { stage: 'chunk', upload_id, part_number: '1', file: part(1, MB) })).status).toBe(200);
    const before = stored('ads/uploads');
    expect(before.parts).toHaveLength(1);

    expect((await cancelAd(t.employer, upload_id)).status).toBe(403);
    expect(stored('ads/uploads')).toEqual(before);

    const own = await cancelAd(t.ads, upload_id);
    expect([own.status, own.json.data]).toEqual([200, { upload_id }]);
    expect(stored('ads/uploads')).toEqual({ parts: [], records: [] });
    expect((await adUpload(t.ads, { stage: 'finish', upload_id, parts: '[1]' })).status).toBe(404);
  });
});
