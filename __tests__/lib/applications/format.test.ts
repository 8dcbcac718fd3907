import { applicantsCsv, cell } from '@/lib/applications/csv';
import { formatDistance, orNa, yesNo } from '@/lib/applications/format';
import { toApplicant, type ApplicantRecord } from '@/lib/applications/serialize';

describe('distance display (jobs spec §9)', () => {
  it.each([
    [0, 'Less than 10 miles'],
    [9.999, 'Less than 10 miles'],
    [10, '10.00 miles'],
    [182.456, '182.46 miles'],
    [null, 'Not available'],
    [undefined, 'Not available'],
    [Number.NaN, 'Not available'],
  ])('%p → %s', (miles, text) => expect(formatDistance(miles as number | null)).toBe(text));
});

it("shows 'n/a' for missing values and Yes/No for flags", () => {
  expect(orNa(null)).toBe('n/a');
  expect(orNa('  ')).toBe('n/a');
  expect(orNa(0)).toBe(0);
  expect(yesNo(true)).toBe('Yes');
  expect(yesNo(false)).toBe('No');
  expect(yesNo(null)).toBe('n/a');
});

const record: ApplicantRecord = {
  applicationId: 1,
  jobId: 2,
  userId: 3,
  firstName: '=HYPERLINK("x")',
  lastName: 'O"Neil, Jr',
  email: 'a@b.test',
  phone: null,
  createdAt: new Date('2026-11-01T12:00:00Z'),
  stage: 'interview',
  stageChangedAt: new Date('2026-11-02T12:00:00Z'),
  distanceMiles: 4,
  withinRange: true,
  message: null,
  cdlStatus: null,
  endorsements: [],
  yearsOfExperience: null,
  workExperiences: ['dry_van', 'reefer'],
  ownerOperator: false,
  street1: null,
  street2: null,
  city: 'Dallas',
  state: 'TX',
  zipCode: null,
  birthDate: null,
  matchPoints: 65,
};

it('serializes an applicant with the spec defaults and driver status', () => {
  const a = toApplicant(record, [{ id: 9, tag: 'Call back' }]);
  expect(a).toMatchObject({ id: 3, cdlStatus: 'No CDL.', distance: 'Less than 10 miles', yearsOfExperience: 'n/a', workExperiences: 'Dry van, Reefer', endorsements: 'n/a', withinRange: 'Yes', ownerOperator: 'No', stageLabel: 'Interview', driverStatus: 'In review' });
});

it('writes CSV with quoting and without spreadsheet formulas', () => {
  const csv = applicantsCsv([toApplicant(record, [{ id: 9, tag: 'Call back' }])]);
  const [header, row] = csv.split('\r\n');
  expect(header.startsWith('First name,Last name,Email,Phone,Applied,Stage,Match %')).toBe(true);
  expect(row.startsWith(`"'=HYPERLINK(""x"")","O""Neil, Jr",a@b.test,n/a,2026-11-01T12:00:00.000Z,Interview,65`)).toBe(true);
  expect(row).toContain('Call back');
  expect(csv.endsWith('\r\n')).toBe(true);
});

it("ends each CSV row with the driver's message, quoted across lines and guarded against formulas", () => {
  const rows = (message: string | null) => applicantsCsv([toApplicant({ ...record, message }, [])]);
  expect(rows(null).split('\r\n')[0].endsWith(',Tags,Message')).toBe(true);
  expect(rows(null).split('\r\n')[1].endsWith(',')).toBe(true);
  expect(rows('Available Monday.\nClean MVR, 5 years OTR').endsWith(',"Available Monday.\nClean MVR, 5 years OTR"\r\n')).toBe(true);
  expect(rows('=cmd|calc').endsWith(",'=cmd|calc\r\n")).toBe(true);
});

it('leaves a phone number as it is, and still guards anything else that starts with +', () => {
  expect(cell('+12145550199')).toBe('+12145550199');
  expect(cell('+1+2')).toBe("'+1+2");
  expect(cell('+SUM(A1)')).toBe("'+SUM(A1)");
  expect(cell('-1')).toBe("'-1");
});
