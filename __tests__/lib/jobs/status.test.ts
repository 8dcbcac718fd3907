import { deriveJobStatus, statusFilterOf } from '@/lib/jobs/status';

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

  it('reads a list filter value as the derived status it names (issue 9: not "approved")', () => {
    expect(statusFilterOf('Active')).toBe('active');
    expect(statusFilterOf(' active ')).toBe('active');
    expect(statusFilterOf('Inactive')).toBe('inactive');
    expect(statusFilterOf('Cancelled')).toBe('canceled');
    expect(statusFilterOf('canceled')).toBe('canceled');
    expect(statusFilterOf('Paused')).toBeNull();
    // Names every object inherits are no status either.
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', ' Constructor ']) expect(statusFilterOf(word)).toBeNull();
  });
});
