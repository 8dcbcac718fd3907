// POST /api/v1.0/jobs/multimedia/upload: a job video, multipart (stage simple | start | chunk | finish)
import { route } from '@/lib/api/route';
import { uploadFormOf } from '@/lib/storage/video-upload';
import { uploadVideo } from '@/lib/jobs/multimedia';

export const POST = route({
  access: 'companyJobs',
  rawBody: true,
  handler: async ({ actor, req }) => {
    const form = await uploadFormOf(req, 'Send the video as multipart/form-data.');
    return uploadVideo(actor, form);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
