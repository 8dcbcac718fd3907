import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GET as videoGet } from '@/app/api/v1.0/jobs/multimedia/[owner]/[file]/route';
import { DELETE as videoDelete } from '@/app/api/v1.0/jobs/multimedia/delete/[owner]/[file]/route';
import { POST as uploadPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { DiskStorage, setStorage } from '@/lib/storage';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, tokens } from './helpers';

let t: Awaited<ReturnType<typeof tokens>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tna-videos-'));
beforeAll(async () => {
  setStorage(new DiskStorage(dir));
  await seed();
  t = await tokens();
});
afterAll(() => {
  setStorage(undefined);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A few bytes that start like an mp4 (an ISO BMFF 'ftyp' box). */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);

function form(fields: Record<string, string | Buffer>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.set(k, v);
    else f.set(k, new Blob([new Uint8Array(v)]), 'clip');
  }
  return f;
}
const upload = (fields: Record<string, string | Buffer>, token = t.employer) => call(uploadPost, { method: 'POST', token, rawBody: form(fields) });

describe('job videos', () => {
  it('uploads an mp4 in one request, serves it with ranges, and the job accepts its URL', async () => {
    const res = await upload({ stage: 'simple', extension: 'mp4', file: MP4 });
    expect(res.status).toBe(200);
    const { url, id } = res.json.data;
    expect(url).toMatch(/^\/api\/v1\.0\/jobs\/multimedia\/c\d+\/[a-z0-9]{24}\.mp4$/);
    const [owner, file] = id.split('/');
    const whole = await call(videoGet, { params: { owner, file } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    const part = await call(videoGet, { params: { owner, file }, headers: { range: 'bytes=0-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${MP4.length}`);

    const jobId = await createJobAs(t.employer);
    const patched = await call(jobPatch, { method: 'PATCH', token: t.employer, params: { id: String(jobId) }, body: { video_url: url } });
    expect(patched.json.data.video_url).toBe(url);
    const bad = await call(jobPatch, { method: 'PATCH', token: t.employer, params: { id: String(jobId) }, body: { video_url: '/etc/passwd' } });
    expect(bad.json.errors).toEqual([{ message: 'Enter a valid video URL starting with http:// or https://', field: 'video_url' }]);
  });

  it('refuses other types, content that is not a video, and simple uploads of 10 MB or more', async () => {
    expect((await upload({ stage: 'simple', extension: 'exe', file: MP4 })).json.errors).toEqual([{ message: 'Videos must be mp4 or webm.', field: 'extension' }]);
    expect((await upload({ stage: 'simple', extension: 'webm', file: MP4 })).json.errors).toEqual([{ message: 'Videos must be mp4 or webm.', field: 'file' }]);
    const big = await upload({ stage: 'simple', extension: 'mp4', file: Buffer.alloc(10 * 1024 * 1024 + 1) });
    expect(big.status).toBe(413);
    expect((await upload({ stage: 'simple', extension: 'mp4' })).json.errors).toEqual([{ message: 'Choose a video file.', field: 'file' }]);
  });

  it('assembles a chunked upload (start, chunk, finish)', async () => {
    const start = await upload({ stage: 'start', extension: 'mp4' });
    const uploadId = start.json.data.upload_id;
    expect(uploadId).toMatch(/^[a-z0-9]{24}$/);
    await upload({ stage: 'chunk', upload_id: uploadId, part_number: '2', file_name: 'clip.mp4', file: MP4.subarray(100) });
    await upload({ stage: 'chunk', upload_id: uploadId, part_number: '1', file_name: 'clip.mp4', file: MP4.subarray(0, 100) });
    const missing = await upload({ stage: 'finish', upload_id: uploadId, file_name: 'clip.mp4', parts: '[1,2,3]' });
    expect(missing.json.errors).toEqual([{ message: 'Part 3 was not uploaded.', field: 'parts' }]);
    const done = await upload({ stage: 'finish', upload_id: uploadId, file_name: 'clip.mp4', parts: JSON.stringify([{ part_number: 1 }, { part_number: 2 }]) });
    expect(done.status).toBe(200);
    const [owner, file] = done.json.data.id.split('/');
    expect(Buffer.from((await call(videoGet, { params: { owner, file } })).text, 'latin1').length).toBeGreaterThan(0);
    // Another company cannot continue someone else's upload.
    expect((await upload({ stage: 'chunk', upload_id: uploadId, part_number: '1', file: MP4 }, t.rival)).status).toBe(404);
  });

  it("deletes its own videos only (404 for another company's), and refuses anonymous uploads", async () => {
    const mine = (await upload({ stage: 'simple', extension: 'mp4', file: MP4 })).json.data.id.split('/');
    const theirs = (await upload({ stage: 'simple', extension: 'mp4', file: MP4 }, t.rival)).json.data.id.split('/');
    const del = (token: string | undefined, [owner, file]: string[]) => call(videoDelete, { method: 'DELETE', token, params: { owner, file } });
    expect((await del(t.employer, theirs)).status).toBe(404);
    expect((await del(undefined, mine)).status).toBe(401);
    expect((await del(t.employer, mine)).status).toBe(200);
    expect((await call(videoGet, { params: { owner: mine[0], file: mine[1] } })).status).toBe(404);
    expect((await call(uploadPost, { method: 'POST', rawBody: form({ stage: 'simple' }) })).status).toBe(401);
    expect((await upload({ stage: 'simple', extension: 'mp4', file: MP4 }, t.driver)).status).toBe(403);
  });
});
