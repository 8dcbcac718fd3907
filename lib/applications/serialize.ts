import { APPLICATION_STAGES, CDL_STATUSES, DRIVER_STATUS_OF_STAGE, type ApplicationStage } from '@/lib/drivers/codes';
import { ENDORSEMENTS, JOB_TYPES, labelOf } from '@/lib/jobs/codes';
import { stripCountryCode } from '@/lib/auth/phone';
import { NO_CDL, formatDistance, orNa, yesNo } from './format';

/** One applicant row as read by the search (applications ⋈ users ⟕ driver_profiles). */
export type ApplicantRecord = {
  applicationId: number;
  jobId: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: Date;
  stage: ApplicationStage;
  stageChangedAt: Date;
  distanceMiles: number | null;
  withinRange: boolean | null;
  message: string | null;
  cdlStatus: string | null;
  endorsements: string[] | null;
  yearsOfExperience: number | null;
  workExperiences: string[] | null;
  ownerOperator: boolean | null;
  street1: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  birthDate: string | null;
  /** Match points with the job, 0–100 (null: no driver profile). */
  matchPoints: number | null;
};

export type ApplicantTag = { id: number; tag: string };

const labels = (codes: readonly { value: string; label: string }[], values: string[] | null) =>
  values?.length ? values.map((v) => labelOf(codes, v)).join(', ') : 'n/a';

/**
 * The applicant of jobs spec §3, display-ready: missing values are 'n/a', cdlStatus defaults to
 * 'No CDL.', distance is the §9 text (distanceMiles keeps the figure for sorting and charts).
 * `id` is the driver's user id: with the job it names the application (tag and stage routes).
 */
export function toApplicant(r: ApplicantRecord, tags: ApplicantTag[]) {
  const cdl = r.cdlStatus && r.cdlStatus !== 'none' ? labelOf(CDL_STATUSES, r.cdlStatus) : NO_CDL;
  return {
    id: r.userId,
    applicationId: r.applicationId,
    jobId: r.jobId,
    firstName: r.firstName,
    lastName: r.lastName,
    // As every other answer gives phones (docs/api.md): ten digits, without the stored +1.
    phone: orNa(stripCountryCode(r.phone)),
    email: r.email,
    applicationAt: new Date(r.createdAt).toISOString(),
    yearsOfExperience: orNa(r.yearsOfExperience),
    distance: formatDistance(r.distanceMiles),
    distanceMiles: r.distanceMiles == null ? null : Math.round(r.distanceMiles * 100) / 100,
    cdlStatus: cdl,
    city: orNa(r.city),
    workExperiences: labels(JOB_TYPES, r.workExperiences),
    birthDate: orNa(r.birthDate),
    zipCode: orNa(r.zipCode),
    state: orNa(r.state),
    withinRange: yesNo(r.withinRange),
    ownerOperator: yesNo(r.ownerOperator),
    tags,
    street1: orNa(r.street1),
    street2: orNa(r.street2),
    endorsements: labels(ENDORSEMENTS, r.endorsements),
    stage: r.stage,
    stageLabel: labelOf(APPLICATION_STAGES, r.stage),
    stageChangedAt: new Date(r.stageChangedAt).toISOString(),
    driverStatus: DRIVER_STATUS_OF_STAGE[r.stage],
    message: r.message ?? '',
    /** The match with the job in percent (points of 100), or null without a profile. */
    matchPercent: r.matchPoints,
  };
}
export type Applicant = ReturnType<typeof toApplicant>;
