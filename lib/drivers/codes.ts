/**
 * The driver profile's code lists (jobs spec §3 Applicant, issue 10). The endorsement, experience,
 * home-time and job-type lists are the jobs' own (lib/jobs/codes.ts). Safe in client components.
 */
export const CDL_STATUSES = [
  { value: 'A', label: 'Class A' },
  { value: 'B', label: 'Class B' },
  { value: 'C', label: 'Class C' },
  { value: 'none', label: 'No CDL' },
] as const;
export type CdlStatus = (typeof CDL_STATUSES)[number]['value'];

/**
 * Where an application stands in the employer's pipeline (beyond the spec: every recruiting
 * product has one). The driver sees only the coarse status of DRIVER_STATUS_OF_STAGE.
 */
export const APPLICATION_STAGES = [
  { value: 'new', label: 'New' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'interview', label: 'Interview' },
  { value: 'hired', label: 'Hired' },
  { value: 'rejected', label: 'Rejected' },
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number]['value'];

export const DRIVER_STATUS_OF_STAGE: Record<ApplicationStage, 'Applied' | 'In review' | 'Closed'> = {
  new: 'Applied',
  reviewed: 'In review',
  contacted: 'In review',
  interview: 'In review',
  hired: 'Closed',
  rejected: 'Closed',
};
