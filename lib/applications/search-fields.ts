/**
 * The applicant filter fields and operators (jobs spec §3 "Applicant filter fields") and which
 * operator each field takes. Safe in client components: the grid offers only what the API takes.
 * `not_equals` is beyond the spec's API list: the spec's grid offers "not equals" (§9).
 */
export const APPLICANT_FILTER_FIELDS = [
  'applicant',
  'application_at',
  'distance',
  'tag',
  'years_of_experience',
  'within_range',
  'owner_operator',
  'job_type',
  'endorsements',
  'stage',
] as const;
export type ApplicantFilterField = (typeof APPLICANT_FILTER_FIELDS)[number];

export const APPLICANT_OPERATORS = ['equals', 'not_equals', 'ilike', 'not_ilike', 'greater_than', 'less_than', 'between', 'in'] as const;
export type ApplicantOperator = (typeof APPLICANT_OPERATORS)[number];

export const OPERATORS_OF_FIELD: Record<ApplicantFilterField, readonly ApplicantOperator[]> = {
  applicant: ['equals', 'not_equals', 'ilike', 'not_ilike'],
  application_at: ['equals', 'greater_than', 'less_than', 'between'],
  distance: ['equals', 'greater_than', 'less_than', 'between'],
  tag: ['equals', 'not_equals', 'ilike', 'not_ilike', 'in'],
  years_of_experience: ['equals', 'not_equals', 'greater_than', 'less_than', 'between', 'in'],
  within_range: ['equals', 'not_equals'],
  owner_operator: ['equals', 'not_equals'],
  job_type: ['equals', 'not_equals', 'in'],
  endorsements: ['equals', 'not_equals', 'in'],
  stage: ['equals', 'not_equals', 'in'],
};

export const APPLICANT_SORT_FIELDS = ['applicant', 'application_at', 'distance', 'years_of_experience', 'within_range', 'owner_operator', 'stage'] as const;
export type ApplicantSortField = (typeof APPLICANT_SORT_FIELDS)[number];

export const APPLICANT_PAGE_SIZE = 10;
export const APPLICANT_PAGE_SIZE_MAX = 100;

export type ApplicantFilter = { field: ApplicantFilterField; operator: ApplicantOperator; value?: unknown };
export type ApplicantSort = { field: ApplicantSortField; direction: 'asc' | 'desc' };
