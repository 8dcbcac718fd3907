/**
 * @jest-environment node
 */
import { formatUsd, formatUsdShort } from '@/lib/jobs/codes';
import { formatPay } from '@/components/drivers/format';
import { formatDate } from '@/components/jobs/format';

// Issue 16: building an Intl.NumberFormat per call was the hottest function of the job list.
describe('money formatters', () => {
  it('format without building a formatter per call', () => {
    const spy = jest.spyOn(Intl, 'NumberFormat');
    try {
      expect(formatUsd(125000)).toBe('$1,250.00');
      expect(formatUsdShort(125000)).toBe('$1,250');
      expect(formatUsdShort(125050)).toBe('$1,250.50');
      expect(formatUsd(null)).toBe('');
      expect(formatPay(150000, 'weekly')).toBe('$1,500 / week');
      expect(formatPay(65, 'per_mile')).toBe('$0.65 / mile');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});

describe('job dates', () => {
  it('show MM/DD/YYYY in US/Eastern, a dash for nothing or nonsense, and format each date once', () => {
    // format is a getter (a bound function per read): each read is one date formatted.
    const spyOnGetter = jest.spyOn as unknown as (object: object, key: string, access: 'get') => jest.SpyInstance;
    const spy = spyOnGetter(Intl.DateTimeFormat.prototype, 'format', 'get');
    try {
      expect(formatDate('2026-03-08T04:30:00.000Z')).toBe('03/07/2026');
      expect(formatDate('2026-03-08T04:30:00.000Z')).toBe('03/07/2026');
      expect(formatDate(new Date('2026-07-04T16:00:00Z'))).toBe('07/04/2026');
      expect(formatDate('not a date')).toBe('-');
      expect(formatDate(null)).toBe('-');
      expect(formatDate('', 'n/a')).toBe('n/a');
      // The repeated ISO text was looked up, not formatted again.
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('show a calendar day (a birth date) as that day, in any zone', () => {
    // Read as UTC midnight and shown in US/Eastern, 1984-03-12 was 03/11/1984.
    expect(formatDate('1984-03-12')).toBe('03/12/1984');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
  });
});
