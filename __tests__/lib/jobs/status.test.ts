import { deriveJobStatus, statusFilterApproved } from '@/lib/jobs/status';

describe('deriveJobStatus (jobs spec §4)', () => {
  it.each([
    [{ suspended: true, approved: true, active: true }, 'inactive'],
    [{ suspended: true, approved: false, active: false }, 'inactive'],
    [{ suspended: false, approved: true, active: true }, 'active'],
    [{ suspended: false, approved: true, active: false }, 'canceled'],
    [{ suspended: false, approved: false, active: true }, 'inactive'],
    [{ suspended: false, approved: false, active: false }, 'inactive'],
  ])('%p → %s', (flags, status) => {
    expect(deriveJobStatus(flags)).toBe(status);
  });

  it("treats the filter value 'Active' as approved and any other value as not approved", () => {
    expect(statusFilterApproved('Active')).toBe(true);
    expect(statusFilterApproved('active')).toBe(true);
    expect(statusFilterApproved('Inactive')).toBe(false);
    expect(statusFilterApproved('Cancelled')).toBe(false);
  });
});
