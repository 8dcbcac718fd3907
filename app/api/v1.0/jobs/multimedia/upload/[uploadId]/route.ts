// DELETE /api/v1.0/jobs/multimedia/upload/{uploadId}: cancel an unfinished chunked job video upload (its parts go at once)
import { route } from '@/lib/api/route';
import { cancelVideoUpload } from '@/lib/jobs/multimedia';

export const DELETE = route<undefined, undefined, { uploadId: string }>({
  access: 'companyJobs',
  handler: ({ actor, params }) => cancelVideoUpload(actor, params.uploadId),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
