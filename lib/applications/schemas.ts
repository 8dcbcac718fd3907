import { z } from 'zod';
import { textError } from '@/lib/validation/messages';
import { plainNumber } from '@/lib/validation/numbers';
import { APPLICATION_STAGES } from '@/lib/drivers/codes';
import { valuesOf } from '@/lib/jobs/codes';
import {
  APPLICANT_FILTER_FIELDS,
  APPLICANT_OPERATORS,
  APPLICANT_PAGE_SIZE,
  APPLICANT_PAGE_SIZE_MAX,
  APPLICANT_SORT_FIELDS,
  OPERATORS_OF_FIELD,
} from './search-fields';

const int = (min: number, max: number) => plainNumber(z.coerce.number().int().min(min).max(max));
const id = (message: string) => plainNumber(z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message));

export const pageQuerySchema = z.object({
  offset: int(0, 1_000_000).default(0),
  limit: int(1, APPLICANT_PAGE_SIZE_MAX).default(APPLICANT_PAGE_SIZE),
});

const filterSchema = z
  .object({
    field: z.enum(APPLICANT_FILTER_FIELDS, { error: `Choose a filter field: ${APPLICANT_FILTER_FIELDS.join(', ')}.` }),
    operator: z.enum(APPLICANT_OPERATORS, { error: `Choose an operator: ${APPLICANT_OPERATORS.join(', ')}.` }),
    value: z.unknown().optional(),
  })
  .superRefine((f, ctx) => {
    if (!OPERATORS_OF_FIELD[f.field].includes(f.operator)) {
      ctx.addIssue({
        code: 'custom',
        path: ['operator'],
        message: `The field '${f.field}' does not take the operator '${f.operator}' (it takes ${OPERATORS_OF_FIELD[f.field].join(', ')}).`,
      });
    }
  });

const sortSchema = z.object({
  field: z.enum(APPLICANT_SORT_FIELDS, { error: `Sort by one of: ${APPLICANT_SORT_FIELDS.join(', ')}.` }),
  direction: z.enum(['asc', 'desc'], { error: 'Sort direction is asc or desc.' }).default('asc'),
});

/** POST /jobs/{id}/applicants/search: `{filter:[{field, operator, value}], sort:[{field, direction}]}` plus offset and limit. */
export const searchApplicantsSchema = z.object({
  filter: z.array(filterSchema).max(20, 'At most 20 filters.').default([]),
  sort: z.array(sortSchema).max(5, 'At most 5 sort fields.').default([]),
  offset: int(0, 1_000_000).default(0),
  limit: int(1, APPLICANT_PAGE_SIZE_MAX).default(APPLICANT_PAGE_SIZE),
});
export type SearchApplicantsInput = z.input<typeof searchApplicantsSchema>;
export type SearchApplicants = z.output<typeof searchApplicantsSchema>;

/** Either spelling of the spec's request (jobId or job_id). */
const either = <T extends z.ZodType>(camel: string, snake: string, schema: T) =>
  z.preprocess((v) => (v && typeof v === 'object' && !(camel in v) && snake in v ? { ...v, [camel]: (v as Record<string, unknown>)[snake] } : v), schema);

/** POST /jobs/applicants/tag: jobId, applicantId (the driver's user id), tagId. */
export const tagApplicantSchema = either(
  'jobId',
  'job_id',
  either(
    'applicantId',
    'applicant_id',
    either(
      'tagId',
      'tag_id',
      z.object({ jobId: id('Choose a job.'), applicantId: id('Choose an applicant.'), tagId: id('Choose a tag.') }),
    ),
  ),
);

/** POST /jobs/{id}/applicants/delete-tags: one tag (tagId) or every tag (cleanAll) of an applicant. */
export const deleteApplicantTagsSchema = either(
  'applicantId',
  'applicant_id',
  either(
    'tagId',
    'tag_id',
    either(
      'cleanAll',
      'clean_all',
      z
        .object({
          applicantId: id('Choose an applicant.'),
          tagId: id('Choose a tag.').optional().nullable(),
          cleanAll: z.boolean({ error: 'cleanAll is true or false.' }).optional().default(false),
        })
        .refine((v) => v.cleanAll || v.tagId != null, { message: 'Choose a tag, or cleanAll to remove every tag.', path: ['tagId'] }),
    ),
  ),
);

export const stageSchema = z.object({
  stage: z.enum(valuesOf(APPLICATION_STAGES), { error: `Choose a stage: ${APPLICATION_STAGES.map((s) => s.label).join(', ')}.` }),
});

export const noteSchema = z.object({
  body: z.string({ error: textError('Write a note.') }).trim().min(1, 'Write a note.').max(2000, 'A note has at most 2000 characters.'),
});
