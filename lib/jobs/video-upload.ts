'use client';

/**
 * The job video upload (the wizard's video field only): its own module, so the job lists, which
 * use lib/jobs/hooks.ts, do not ship the chunked upload client (issue 16: first-load JS).
 */
import { useMutation } from '@tanstack/react-query';
import { uploadFile } from '@/lib/storage/upload-client';

export { chunkSize } from '@/lib/storage/upload-client';

/**
 * Uploads a job video: stage 'simple' under 10 MB, otherwise start → chunk × n → finish. Answers
 * the video's absolute URL (the job's video_url must be an http(s) URL).
 */
export function useUploadJobVideo() {
  return useMutation({
    mutationFn: async ({ file, onProgress, signal }: { file: File; onProgress?: (fraction: number) => void; signal?: AbortSignal }) => {
      // An aborted signal cancels the upload (the server drops its parts): UploadCancelledError.
      const answer = await uploadFile('/jobs/multimedia/upload', file, onProgress, { signal });
      const url = answer.video_url ?? answer.url;
      if (!url) throw new Error('multimedia upload failed');
      // Keep the server's own path (/api/v1.0/jobs/multimedia/…): the job schema accepts it on any host.
      return url;
    },
  });
}
