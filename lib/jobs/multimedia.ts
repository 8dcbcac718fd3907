import { like } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { jobs } from '@/lib/db/schema';
import { forbidden, notFound } from '@/lib/errors';
import { storage } from '@/lib/storage';
import { videoUploads } from '@/lib/storage/video-upload';
import { storedFileResponse } from '@/lib/storage/serve';
import { NO_COMPANY, assertJobRole, isJobStaff } from './access';
import { UPLOADED_VIDEO_RE } from './schemas';

/**
 * Job videos (jobs spec §7 "Uploads"): POST /jobs/multimedia/upload with stage simple (one
 * request under 10 MB), or start → chunk × n → finish for larger files; served publicly by
 * GET /jobs/multimedia/{owner}/{file} (the public job page plays it); removed by
 * DELETE /jobs/multimedia/delete/{owner}/{file}; an unfinished chunked upload is cancelled by
 * DELETE /jobs/multimedia/upload/{uploadId}. mp4 and webm only, checked by content.
 */
const FILE_RE = /^[a-z0-9]{24}\.(mp4|webm)$/;
const OWNER_RE = /^(c\d{1,10}|staff)$/;

/**
 * The folder of the caller's videos: its company's, or one shared by staff without a company. A
 * company user without a company yet (anyone, right after signing up as an employer) has no folder:
 * read as 'staff', it deleted the videos staff had put on companies' live jobs, and stored its own
 * files beside them (a read-only review).
 */
function ownerOf(actor: Actor) {
  if (actor.companyId) return `c${actor.companyId}`;
  if (isJobStaff(actor)) return 'staff';
  throw forbidden(NO_COMPANY);
}
const videoKey = (owner: string, file: string) => `jobs/videos/${owner}/${file}`;
export const videoUrl = (owner: string, file: string) => `/api/v1.0/jobs/multimedia/${owner}/${file}`;

function stored(owner: string, file: string) {
  const url = videoUrl(owner, file);
  return { id: `${owner}/${file}`, url, video_url: url, file_name: file };
}

/** Records of chunked uploads (lib/storage/chunked.ts); the tick aborts what is untouched for a day. */
const uploads = videoUploads('jobs/uploads');

/** POST /jobs/multimedia/upload (multipart form). */
export async function uploadVideo(actor: Actor | null, form: FormData) {
  assertJobRole(actor);
  const owner = ownerOf(actor);
  // A company's bytes count together; staff (who share one folder) each have their own day.
  const result = await uploads.handle(form, owner, (name) => videoKey(owner, name), actor.companyId ? owner : `u${actor.userId}`);
  return 'stored' in result ? stored(owner, result.stored) : result;
}

/**
 * DELETE /jobs/multimedia/upload/{uploadId}: the caller cancels an unfinished chunked upload of its
 * own folder (its company's, or staff's); its parts and records go at once. Another company's
 * upload id is 404, as an unknown one, and nothing of it is removed.
 */
export async function cancelVideoUpload(actor: Actor | null, uploadId: string) {
  assertJobRole(actor);
  return uploads.cancel(ownerOf(actor), uploadId);
}

/** Tick step: aborts chunked uploads untouched for a day (their parts and records go). */
export async function purgeAbandonedUploads(now: Date) {
  return uploads.purgeAbandoned(now);
}

function parseId(owner: string, file: string) {
  if (!OWNER_RE.test(owner) || !FILE_RE.test(file)) throw notFound('Video not found.');
  return videoKey(owner, file);
}

/** DELETE /jobs/multimedia/delete/{owner}/{file}: a company removes its own videos; staff any. */
export async function deleteVideo(actor: Actor | null, owner: string, file: string) {
  assertJobRole(actor);
  const key = parseId(owner, file);
  if (!isJobStaff(actor) && owner !== ownerOf(actor)) throw notFound('Video not found.');
  if (!(await storage().stat(key))) throw notFound('Video not found.');
  await storage().delete(key);
  return { id: `${owner}/${file}` };
}

/**
 * A job no longer shows this video (replaced or removed): its file goes, unless another job (a
 * duplicate) still shows it, or it is not one of ours in the job company's or the staff folder.
 */
export async function releaseJobVideo(db: Database, companyId: number, url: string | null | undefined) {
  if (!url) return;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://local').pathname;
  } catch {
    return;
  }
  if (!UPLOADED_VIDEO_RE.test(pathname)) return;
  const [owner, file] = pathname.split('/').slice(-2);
  if (owner !== `c${companyId}` && owner !== 'staff') return;
  const [inUse] = await db.select({ id: jobs.id }).from(jobs).where(like(jobs.videoUrl, `%/${owner}/${file}`)).limit(1);
  if (!inUse) await storage().delete(videoKey(owner, file));
}

/** GET /jobs/multimedia/{owner}/{file}: the video, streamed, with byte ranges so players can seek. */
export async function videoResponse(owner: string, file: string, range: string | null): Promise<Response> {
  const res = await storedFileResponse(parseId(owner, file), range, { 'cache-control': 'public, max-age=31536000, immutable' });
  if (!res) throw notFound('Video not found.');
  return res;
}
