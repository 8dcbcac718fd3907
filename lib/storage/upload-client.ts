import { ApiError, api } from '@/lib/api/client';

/**
 * The browser's side of the spec's upload calls (jobs spec §7, §8, §9), shared by job videos and
 * ad media: one 'simple' request under 10 MB, otherwise start → chunk × n → finish with chunks
 * sized by the file; each step is retried once; progress is reported as the bytes sent so far.
 * An upload can be cancelled with an AbortSignal: the request on its way is aborted, no further
 * chunk is sent, and the server is told to drop the parts it holds (DELETE <endpoint>/{upload_id}).
 */
export const SIMPLE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_FAILED = 'multimedia upload failed';
export const UPLOAD_CANCELLED = 'Upload cancelled.';

/** What uploadFile rejects with once its signal aborts: the user's choice, not a failure to report. */
export class UploadCancelledError extends Error {
  constructor() {
    super(UPLOAD_CANCELLED);
    this.name = 'UploadCancelledError';
  }
}
export const isCancelled = (error: unknown): error is UploadCancelledError => error instanceof UploadCancelledError;

const MB = 1024 * 1024;
export function chunkSize(bytes: number) {
  if (bytes < 30 * MB) return 5 * MB;
  if (bytes < 60 * MB) return 10 * MB;
  if (bytes < 150 * MB) return 15 * MB;
  if (bytes < 500 * MB) return 20 * MB;
  return 25 * MB;
}

export type UploadAnswer = { id?: string; url?: string; video_url?: string; image_url?: string; upload_id?: string };

/** The server refused the upload and said why (type or size 413/422, the day's amount 429): nothing to retry. */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && [413, 422, 429].includes(error.status);

/** One upload call, retried once when it fails (spec §8: one retry per step), never once cancelled. */
async function uploadStep(endpoint: string, fields: Record<string, string | Blob>, signal?: AbortSignal) {
  const send = () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return api<UploadAnswer>(endpoint, { method: 'POST', body: form, signal });
  };
  try {
    return (await send()).data;
  } catch (error) {
    // A refusal (the file's type or size, the list of parts, the day's upload amount) is the server's
    // answer, not a failure: sending it again changes nothing, and a refused finish has already
    // ended the upload. A cancelled step is not sent again either.
    if (isRefusal(error) || signal?.aborted) throw error;
    return (await send()).data;
  }
}

export type UploadOptions = {
  /**
   * Cancels the upload when it aborts: the step on its way is aborted, no further chunk is sent,
   * the server drops the parts it holds, and uploadFile rejects with UploadCancelledError.
   */
  signal?: AbortSignal;
};

/** Sends `file` to an upload endpoint ('/jobs/multimedia/upload'); `onProgress` gets 0..1. */
export async function uploadFile(endpoint: string, file: File, onProgress?: (fraction: number) => void, { signal }: UploadOptions = {}): Promise<UploadAnswer> {
  let uploadId: string | undefined;
  const stopIfCancelled = () => {
    if (signal?.aborted) throw new UploadCancelledError();
  };
  const send = async (): Promise<UploadAnswer> => {
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    stopIfCancelled();
    onProgress?.(0);
    if (file.size < SIMPLE_UPLOAD_MAX_BYTES) {
      const answer = await uploadStep(endpoint, { stage: 'simple', extension, file }, signal);
      stopIfCancelled();
      onProgress?.(1);
      return answer;
    }
    // start carries no file and is not aborted: its upload id is what a cancel needs to drop the upload.
    uploadId = (await uploadStep(endpoint, { stage: 'start', extension })).upload_id;
    const size = chunkSize(file.size);
    const parts: number[] = [];
    for (let offset = 0, part = 1; offset < file.size; offset += size, part++) {
      stopIfCancelled();
      await uploadStep(endpoint, { stage: 'chunk', upload_id: uploadId!, part_number: String(part), file_name: file.name, file: file.slice(offset, offset + size) }, signal);
      parts.push(part);
      stopIfCancelled();
      // The finish step joins the parts: keep the last per cent for it.
      onProgress?.(Math.min(offset + size, file.size) / file.size * 0.99);
    }
    const answer = await uploadStep(endpoint, { stage: 'finish', upload_id: uploadId!, file_name: file.name, parts: JSON.stringify(parts) }, signal);
    stopIfCancelled();
    onProgress?.(1);
    return answer;
  };
  try {
    return await send();
  } catch (error) {
    if (!signal?.aborted) throw error;
    // Cancelled: the server drops the parts it holds now rather than a day later (the tick). Not
    // awaited: the field is reset at once; a failure here is left to the tick.
    if (uploadId) void api(`${endpoint}/${encodeURIComponent(uploadId)}`, { method: 'DELETE' }).catch(() => undefined);
    throw new UploadCancelledError();
  }
}
