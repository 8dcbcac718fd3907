// GET, POST /api/v1.0/jobs/{id}/applicants/{applicantId}/notes: the company's private notes on an applicant
import { paginated, route } from '@/lib/api/route';
import { addNote, listNotes } from '@/lib/applications/pipeline';
import { noteSchema, pageQuerySchema } from '@/lib/applications/schemas';

type Params = { id: string; applicantId: string };

export const GET = route<undefined, typeof pageQuerySchema, Params>({
  access: 'companyJobs',
  query: pageQuerySchema,
  handler: async ({ db, actor, params, query }) => {
    const page = await listNotes(db, actor, params.id, params.applicantId, query);
    return paginated(page.data, page.pagination);
  },
});

export const POST = route<typeof noteSchema, undefined, Params>({
  access: 'companyJobs',
  body: noteSchema,
  created: 'always',
  handler: async ({ db, actor, params, body }) => addNote(db, actor, params.id, params.applicantId, body.body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
