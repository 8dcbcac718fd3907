import fs from 'node:fs';
import path from 'node:path';
import { GET as videoGet } from '@/app/api/v1.0/jobs/multimedia/[owner]/[file]/route';
import { DELETE as videoDelete } from '@/app/api/v1.0/jobs/multimedia/delete/[owner]/[file]/route';
import { POST as uploadPost } from '@/app/api/v1.0/jobs/multimedia/upload/route';
import { PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as jobDuplicate } from '@/app/api/v1.0/jobs/[id]/duplicate/route';
import { getDb } from '@/lib/db/client';
import { tickSteps } from '@/lib/tick/steps';
import { call, tokenFor } from '../../helpers/http';
import { signUp } from '@/lib/accounts/signup';
import { NO_COMPANY } from '@/lib/jobs/access';
import { seed } from '../../helpers/seed';
import { withTempStorage } from '../../helpers/storage';
import { createJobAs, tokens } from './helpers';
import { UPLOAD_STARTS_PER_HOUR, VIDEO_MAX_BYTES, partsAllowed } from '@/lib/storage/video-upload';

let t: Awaited<ReturnType<typeof tokens>>;
const dir = withTempStorage('videos');
beforeAll(async () => {
  await seed();
  t = await tokens();
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

  it('bounds the work of one upload: at most 100 parts of a 500 MB video, none empty (each chunk reads every part before it; 10,000 empty parts made 50 million reads)', async () => {
    expect(partsAllowed(VIDEO_MAX_BYTES)).toBe(100);
    const uploadId = (await upload({ stage: 'start', extension: 'mp4' })).json.data.upload_id;
    expect((await upload({ stage: 'chunk', upload_id: uploadId, part_number: '1', file: MP4 })).status).toBe(200);
    const past = await upload({ stage: 'chunk', upload_id: uploadId, part_number: '101', file: MP4.subarray(20) });
    expect(past.status).toBe(422);
    expect(past.json.errors).toEqual([{ message: 'Part numbers run from 1 to 100.', field: 'part_number' }]);
    const empty = await upload({ stage: 'chunk', upload_id: uploadId, part_number: '2', file: Buffer.alloc(0) });
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual([{ message: 'This part is empty. Send each part with the next bytes of the video.', field: 'file' }]);
    expect((await upload({ stage: 'finish', upload_id: uploadId, parts: '[1,101]' })).json.errors).toEqual([{ message: 'Part numbers run from 1 to 100.', field: 'parts' }]);
    // Neither refusal changed the upload: it finishes with its one part.
    expect((await upload({ stage: 'finish', upload_id: uploadId, parts: '[1]' })).status).toBe(200);
  });

  it(`starts at most ${UPLOAD_STARTS_PER_HOUR} chunked uploads an hour per company (each leaves records for a day if never finished)`, async () => {
    for (let i = 0; i < UPLOAD_STARTS_PER_HOUR; i++) expect((await upload({ stage: 'start', extension: 'mp4' })).status).toBe(200);
    const refused = await upload({ stage: 'start', extension: 'mp4' });
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0].message).toMatch(/^You have started many uploads in a short time\. Try again in (a minute|\d+ minutes|1 hour)\.$/);
    // Another company is not held back by this one.
    expect((await upload({ stage: 'start', extension: 'mp4' }, t.rival)).status).toBe(200);
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

  it("an employer without a company yet (anyone, just signed up) has no folder: staff's videos are not theirs to delete or add to", async () => {
    const password = 'Correct-Horse-Battery-9';
    await signUp(await getDb(), { email: 'no-company-yet@employers.test', password, first_name: 'Sam', last_name: 'Stranger', phone: '5555550123', role: 'employer', tn_newsletters: false }, { ip: '10.9.9.9' });
    const stranger = await tokenFor('no-company-yet@employers.test', password);
    // Staff (an admin, no company) put a video on a company's job; its URL is public (the job page plays it).
    const staffVideo = await upload({ stage: 'simple', extension: 'mp4', file: MP4 }, t.admin);
    const [owner, file] = staffVideo.json.data.id.split('/');
    expect(owner).toBe('staff');
    const jobId = await createJobAs(t.employer);
    expect((await call(jobPatch, { method: 'PATCH', token: t.admin, params: { id: String(jobId) }, body: { video_url: staffVideo.json.data.url } })).status).toBe(200);

    const del = await call(videoDelete, { method: 'DELETE', token: stranger, params: { owner, file } });
    expect([del.status, del.json.errors]).toEqual([403, [{ message: NO_COMPANY }]]);
    expect((await call(videoGet, { params: { owner, file } })).status).toBe(200);
    for (const fields of [{ stage: 'simple', extension: 'mp4', file: MP4 }, { stage: 'start', extension: 'mp4' }] as Record<string, string | Buffer>[]) {
      expect((await upload(fields, stranger)).json.errors).toEqual([{ message: NO_COMPANY }]);
    }
    expect(fs.readdirSync(path.join(dir, 'jobs/videos/staff'))).toEqual([file]);
  });
});

describe('job video files on disk', () => {
  const onDisk = (id: string) => fs.existsSync(path.join(dir, 'jobs/videos', id));
  const uploadsDir = () => path.join(dir, 'jobs/uploads');
  const filesUnder = (p: string): string[] => (fs.existsSync(p) ? (fs.readdirSync(p, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name)) : []);

  it('refuses a first part that is not the declared type at once, and stores nothing for it', async () => {
    const { upload_id } = (await upload({ stage: 'start', extension: 'mp4' })).json.data;
    const before = filesUnder(uploadsDir()).length;
    const wrong = await upload({ stage: 'chunk', upload_id, part_number: '1', file: Buffer.alloc(300, 1) });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([{ message: 'Videos must be mp4 or webm.', field: 'file' }]);
    expect(filesUnder(uploadsDir()).length).toBe(before);
    // A finish that does not start with part 1 is refused too (its first bytes were never checked).
    await upload({ stage: 'chunk', upload_id, part_number: '2', file: Buffer.alloc(300, 1) });
    const noFirst = await upload({ stage: 'finish', upload_id, parts: '[2]' });
    expect(noFirst.json.errors).toEqual([{ message: 'Part 1 was not uploaded.', field: 'parts' }]);
  });

  it('answers ranges as 206 with Content-Range, and 416 with the size for ranges it cannot meet', async () => {
    const [owner, file] = (await upload({ stage: 'simple', extension: 'mp4', file: MP4 })).json.data.id.split('/');
    const get = (range?: string) => call(videoGet, { params: { owner, file }, headers: range ? { range } : {} });
    const tail = await get('bytes=-10');
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${MP4.length - 10}-${MP4.length - 1}/${MP4.length}`);
    expect(tail.headers.get('content-length')).toBe('10');
    expect(Buffer.from(tail.text, 'latin1')).toEqual(MP4.subarray(MP4.length - 10));
    const middle = await get('bytes=4-11');
    expect(middle.status).toBe(206);
    expect(middle.text).toBe('ftypisom');
    for (const bad of [`bytes=${MP4.length}-`, 'bytes=9-3', 'bytes=abc', 'bytes=-0']) {
      const res = await get(bad);
      expect([bad, res.status, res.headers.get('content-range')]).toEqual([bad, 416, `bytes */${MP4.length}`]);
    }
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe(String(MP4.length));
  });

  it("removes a job's uploaded video when it is replaced or removed, but not while a duplicate still shows it", async () => {
    const first = (await upload({ stage: 'simple', extension: 'mp4', file: MP4 })).json.data;
    const second = (await upload({ stage: 'simple', extension: 'mp4', file: MP4 })).json.data;
    const jobId = await createJobAs(t.employer, { video_url: first.url });
    const patch = (id: number, video_url: string | null) => call(jobPatch, { method: 'PATCH', token: t.employer, params: { id: String(id) }, body: { video_url } });

    expect((await patch(jobId, second.url)).status).toBe(200);
    expect(onDisk(first.id)).toBe(false);
    expect(onDisk(second.id)).toBe(true);

    const copy = await call(jobDuplicate, { method: 'POST', token: t.employer, params: { id: String(jobId) } });
    expect(copy.status).toBeLessThan(300);
    expect((await patch(jobId, null)).status).toBe(200);
    expect(onDisk(second.id)).toBe(true); // the duplicate still plays it
    const copyId = copy.json.data.jobs?.[0]?.id ?? copy.json.data.id;
    expect((await patch(copyId, null)).status).toBe(200);
    expect(onDisk(second.id)).toBe(false);
  });

  it('the scheduled tick removes parts of uploads abandoned for more than a day, and keeps recent ones', async () => {
    const old = (await upload({ stage: 'start', extension: 'mp4' })).json.data.upload_id;
    await upload({ stage: 'chunk', upload_id: old, part_number: '1', file: MP4 });
    const fresh = (await upload({ stage: 'start', extension: 'mp4' })).json.data.upload_id;
    await upload({ stage: 'chunk', upload_id: fresh, part_number: '1', file: MP4 });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const f of filesUnder(uploadsDir()).filter((f) => f.includes(old))) fs.utimesSync(f, twoDaysAgo, twoDaysAgo);

    const step = tickSteps().find((s) => s.name === 'upload-parts');
    expect(step).toBeDefined();
    await step!.run({ db: await getDb(), now: new Date() });

    expect(filesUnder(uploadsDir()).filter((f) => f.includes(old))).toEqual([]);
    expect(filesUnder(uploadsDir()).filter((f) => f.includes(fresh)).length).toBe(2);
    expect((await upload({ stage: 'finish', upload_id: old, parts: '[1]' })).status).toBe(404);
    expect((await upload({ stage: 'finish', upload_id: fresh, parts: '[1]' })).status).toBe(200);
  });
});
