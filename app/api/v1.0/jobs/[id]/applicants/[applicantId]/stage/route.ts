// PATCH /api/v1.0/jobs/{id}/applicants/{applicantId}/stage: {stage} moves the application in the pipeline
import { route } from '@/lib/api/route';
import { changeStage } from '@/lib/applications/pipeline';
import { stageSchema } from '@/lib/applications/schemas';

export const PATCH = route<typeof stageSchema, undefined, { id: string; applicantId: string }>({
  access: 'companyJobs',
  body: stageSchema,
  handler: ({ db, actor, params, body }) => changeStage(db, actor, params.id, params.applicantId, body.stage),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
