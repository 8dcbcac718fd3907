import fc from 'fast-check';
import { dueDateFrom, INVOICE_NET_DAYS } from '@/lib/payments/settlement';
import { portalDateText } from '@/lib/validation/portal-day';

const HOUR = 3_600_000;

/** A printed day (MM/DD/YYYY) `n` calendar days on, counted on the calendar alone. */
function printedDayPlus(printed: string, n: number) {
  const [m, d, y] = printed.split('/').map(Number);
  const later = new Date(Date.UTC(y, m - 1, d + n));
  return `${String(later.getUTCMonth() + 1).padStart(2, '0')}/${String(later.getUTCDate()).padStart(2, '0')}/${later.getUTCFullYear()}`;
}

describe('net 30: the due date is 30 calendar days after the invoice date, as both are printed (US/Eastern)', () => {
  it.each([
    // The autumn change: 30 × 24 h printed 11/13.
    ['10/15/2026 00:30 EDT', '2026-10-15T04:30:00.000Z', '10/15/2026', '11/14/2026', '2026-11-14T05:30:00.000Z'],
    // The spring change: 30 × 24 h printed 03/13.
    ['02/10/2026 23:30 EST', '2026-02-11T04:30:00.000Z', '02/10/2026', '03/12/2026', '2026-03-13T03:30:00.000Z'],
  ])('across a daylight-saving change: %s is due 30 days later at the same time', (_, at, invoiceDay, dueDay, dueAt) => {
    const invoiced = new Date(at);
    expect(portalDateText(invoiced)).toBe(invoiceDay);
    const due = dueDateFrom(invoiced);
    expect(portalDateText(due)).toBe(dueDay);
    expect(due.toISOString()).toBe(dueAt);
  });

  it('keeps the time of day to the millisecond, and a time the due day skips lands on that day', () => {
    expect(dueDateFrom(new Date('2026-06-01T16:07:12.345Z')).toISOString()).toBe('2026-07-01T16:07:12.345Z');
    // 02:30 on 03/08/2027 does not exist in Eastern time (clocks go from 2:00 to 3:00).
    const invoiced = new Date('2027-02-06T07:30:00.000Z');
    expect(portalDateText(invoiced)).toBe('02/06/2027');
    expect(portalDateText(dueDateFrom(invoiced))).toBe('03/08/2027');
  });

  it('for any invoice moment, prints a due date exactly 30 calendar days after the printed invoice date', () => {
    const moments = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(moments, (invoiced) => {
        const due = dueDateFrom(invoiced);
        const elapsed = due.getTime() - invoiced.getTime();
        return (
          portalDateText(due) === printedDayPlus(portalDateText(invoiced), INVOICE_NET_DAYS) &&
          elapsed >= INVOICE_NET_DAYS * 24 * HOUR - HOUR &&
          elapsed <= INVOICE_NET_DAYS * 24 * HOUR + HOUR
        );
      }),
      { numRuns: 2000 },
    );
  });
});
