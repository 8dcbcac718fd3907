import { toApplicant, type ApplicantRecord } from '@/lib/applications/serialize';
import type { ApplicantDetail } from '@/lib/applications/hooks';

/** An applicant as the search answers it (lib/applications/serialize.ts). */
export function applicant(over: Partial<ApplicantRecord> = {}, tags = [{ id: 3, tag: 'Call back' }]) {
  return toApplicant(
    {
      applicationId: 11,
      jobId: 7,
      userId: 21,
      firstName: 'Dan',
      lastName: 'Driver',
      email: 'driver@demo.test',
      phone: '+12145550123',
      createdAt: new Date('2026-11-10T15:00:00Z'),
      stage: 'new',
      stageChangedAt: new Date('2026-11-10T15:00:00Z'),
      distanceMiles: 4,
      withinRange: true,
      message: null,
      cdlStatus: 'class_a',
      endorsements: null,
      yearsOfExperience: 6,
      workExperiences: null,
      ownerOperator: false,
      street1: null,
      street2: null,
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
      birthDate: null,
      matchPoints: 90,
      ...over,
    },
    tags,
  );
}

export function applicantDetail(over: Partial<ApplicantRecord> = {}): ApplicantDetail {
  return { ...applicant(over), stageHistory: [{ stage: 'new', label: 'New', at: '2026-11-10T15:00:00Z', by: null }], notes: [], notesTotal: 0, match: null };
}
