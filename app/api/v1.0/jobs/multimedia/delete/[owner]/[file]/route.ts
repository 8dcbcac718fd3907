// DELETE /api/v1.0/jobs/multimedia/delete/{owner}/{file}: remove an uploaded job video
import { route } from '@/lib/api/route';
import { deleteVideo } from '@/lib/jobs/multimedia';

export const DELETE = route<undefined, undefined, { owner: string; file: string }>({
  access: 'companyJobs',
  handler: ({ actor, params }) => deleteVideo(actor, params.owner, params.file),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
