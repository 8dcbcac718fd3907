import fc from 'fast-check';
import { PORTAL_TIME_ZONE, portalDateText, portalDateTimeText, portalIsoDay, startOfNextPortalDay, startOfPortalDay, startOfPortalDayAt } from '@/lib/validation/portal-day';

const dayIn = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: PORTAL_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

describe("the portal's days (US/Eastern)", () => {
  it('start at local midnight, in winter and in summer', () => {
    expect(startOfPortalDay('2026-11-24').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(startOfPortalDay('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
  });

  it('last 23 hours on the spring change and 25 on the autumn one', () => {
    const hours = (day: string) => (startOfNextPortalDay(day).getTime() - startOfPortalDay(day).getTime()) / 3_600_000;
    expect(hours('2026-03-08')).toBe(23);
    expect(hours('2026-11-01')).toBe(25);
    expect(hours('2026-11-24')).toBe(24);
  });

  it('hold exactly the moments the lists show as that day', () => {
    const days = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(days, (day) => {
        const start = startOfPortalDay(day);
        const next = startOfNextPortalDay(day);
        return dayIn(start) === day && dayIn(new Date(next.getTime() - 1)) === day && dayIn(next) !== day && dayIn(new Date(start.getTime() - 1)) !== day;
      }),
    );
  });
});

describe("the start of a moment's portal day (where today's counts begin)", () => {
  it('is the start of the day the lists print for it, asked in any order, across daylight-saving changes', () => {
    // Moments in runs: the same day again (remembered), its edges, then another day.
    const moments = fc.array(
      fc.oneof(
        fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom('2026-03-08', '2026-11-01', '2026-11-24').chain((day) =>
          fc.integer({ min: -2 * 3_600_000, max: 26 * 3_600_000 }).map((ms) => new Date(startOfPortalDay(day).getTime() + ms)),
        ),
      ),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(fc.property(moments, (ats) => ats.every((at) => startOfPortalDayAt(at).getTime() === startOfPortalDay(portalIsoDay(at)).getTime())));
  });

  it('formats nothing while the day lasts: worked out once a day, not for every job list answered', () => {
    const now = new Date('2026-11-24T15:00:00Z');
    startOfPortalDayAt(now);
    const formats = jest.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    try {
      for (let m = 0; m < 100; m++) expect(startOfPortalDayAt(new Date(now.getTime() + m * 60_000)).toISOString()).toBe('2026-11-24T05:00:00.000Z');
      expect(formats).not.toHaveBeenCalled();
      // The next day is worked out when it comes.
      expect(startOfPortalDayAt(new Date('2026-11-25T05:00:00Z')).toISOString()).toBe('2026-11-25T05:00:00.000Z');
      expect(startOfPortalDayAt(new Date('2026-11-25T04:59:59.999Z')).toISOString()).toBe('2026-11-24T05:00:00.000Z');
    } finally {
      formats.mockRestore();
    }
  });
});

describe("a moment with its time, as the outbox, the audit log and the employees' dates write it", () => {
  it("is the portal zone's day and time, naming the zone, with seconds only when asked", () => {
    // 02:30 UTC on the 6th is 9:30 pm Eastern on the 5th, in winter (EST) and in summer (EDT, 10:30 pm).
    expect(portalDateTimeText(new Date('2026-03-06T02:30:00Z'))).toBe('03/05/2026, 9:30 PM EST');
    expect(portalDateTimeText(new Date('2026-07-06T02:30:05Z'), { seconds: true })).toBe('07/05/2026, 10:30:05 PM EDT');
  });

  it('falls on the same day as portalDateText, whatever the moment', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }), (at) =>
        portalDateTimeText(at).startsWith(`${portalDateText(at)}, `),
      ),
    );
  });
});
