/**
 * @jest-environment node
 */
import { formatUsd, formatUsdShort } from '@/lib/jobs/codes';
import { formatPay } from '@/components/drivers/format';

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
