import type { Applicant } from './serialize';

/** The columns of the CSV export, in the spec's order of the Applicant (jobs spec §3), then the driver's message. */
const COLUMNS: [string, (a: Applicant) => string | number][] = [
  ['First name', (a) => a.firstName],
  ['Last name', (a) => a.lastName],
  ['Email', (a) => a.email],
  ['Phone', (a) => a.phone],
  ['Applied', (a) => a.applicationAt],
  ['Stage', (a) => a.stageLabel],
  ['Match %', (a) => a.matchPercent ?? 'n/a'],
  ['Years of experience', (a) => a.yearsOfExperience],
  ['Distance', (a) => a.distance],
  ['Within range', (a) => a.withinRange],
  ['CDL', (a) => a.cdlStatus],
  ['Endorsements', (a) => a.endorsements],
  ['Work experiences', (a) => a.workExperiences],
  ['Owner operator', (a) => a.ownerOperator],
  ['Street 1', (a) => a.street1],
  ['Street 2', (a) => a.street2],
  ['City', (a) => a.city],
  ['State', (a) => a.state],
  ['ZIP code', (a) => a.zipCode],
  ['Birth date', (a) => a.birthDate],
  ['Tags', (a) => a.tags.map((t) => t.tag).join('; ')],
  // What the driver wrote with the application (the applicant panel shows it): last, as it can run long.
  ['Message', (a) => a.message ?? ''],
];

/** A phone number as the profile stores it ('+12145550199'): a number to a spreadsheet, never a formula. */
const E164 = /^\+\d{8,15}$/;

/**
 * RFC 4180 quoting; a leading =, +, - or @ is prefixed so a spreadsheet never runs it as a formula.
 * A phone number is left as it is: prefixed, the whole phone column read `'+1214…`.
 */
export function cell(value: string | number) {
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s) && !E164.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function applicantsCsv(rows: Applicant[]) {
  return [COLUMNS.map(([h]) => cell(h)).join(','), ...rows.map((r) => COLUMNS.map(([, get]) => cell(get(r))).join(','))].join('\r\n') + '\r\n';
}
