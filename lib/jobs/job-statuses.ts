import { codeList } from './code-list';

/** Job status as derived in spec §4, and its label for the list (its own file: the admin's company row ships it alone). */
export const JOB_STATUSES = codeList([
  { value: 'active', label: 'Active' },
  { value: 'canceled', label: 'Cancelled' },
  { value: 'inactive', label: 'Inactive' },
] as const);
export type JobStatus = (typeof JOB_STATUSES)[number]['value'];
