import { readSignupPrefill, reverseParam, unreverse } from '@/lib/accounts/signup-prefill';

describe('landing-page prefill for /signup', () => {
  it('reads firstName, lastName, email and phone; the phone gets the mask', () => {
    expect(readSignupPrefill({ firstName: 'Maria', lastName: 'Lopez', email: 'maria@fleet.test', phone: '12145550188' })).toEqual({
      email: 'maria@fleet.test',
      confirmEmail: '',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '(214)555-0188',
      fromLanding: false,
      role: 'employer',
    });
  });

  it("role=driver (a driver's invitation) opens the drivers' sign-up; anything else an employer's", () => {
    expect(readSignupPrefill({ role: 'driver' }).role).toBe('member');
    expect(readSignupPrefill({ role: 'Member' }).role).toBe('member');
    expect(readSignupPrefill({ role: 'admin' }).role).toBe('employer');
    expect(readSignupPrefill({}).role).toBe('employer');
  });

  it('reads the reversed param1 (email) and param2 (phone), plain or base64url', () => {
    expect(readSignupPrefill({ param1: 'tset.teelf@airam', param2: '8810555412' })).toMatchObject({ email: 'maria@fleet.test', phone: '(214)555-0188' });
    const encoded = { param1: reverseParam('maria@fleet.test', true), param2: reverseParam('2145550188', true) };
    expect(readSignupPrefill(encoded)).toMatchObject({ email: 'maria@fleet.test', phone: '(214)555-0188' });
    expect(readSignupPrefill({ param1: '8810555412', param2: 'tset.teelf@airam' })).toMatchObject({ email: 'maria@fleet.test', phone: '(214)555-0188' });
  });

  it('prefers the plain values over the reversed ones', () => {
    expect(readSignupPrefill({ email: 'plain@fleet.test', param1: 'tset.teelf@airam' }).email).toBe('plain@fleet.test');
  });

  it('the from-landing flag fills confirm email and reveals the form', () => {
    for (const flag of [{ fromLanding: 'true' }, { from_landing: '1' }, { landing: 'true' }]) {
      expect(readSignupPrefill({ email: 'maria@fleet.test', ...flag })).toMatchObject({ confirmEmail: 'maria@fleet.test', fromLanding: true });
    }
    expect(readSignupPrefill({ email: 'maria@fleet.test', fromLanding: 'false' }).fromLanding).toBe(false);
  });

  it('drops what is not a phone and clips long values', () => {
    expect(readSignupPrefill({ phone: 'call me' }).phone).toBe('');
    expect(readSignupPrefill({ firstName: 'x'.repeat(500) }).firstName).toHaveLength(100);
    expect(unreverse('')).toBe('');
  });
});
