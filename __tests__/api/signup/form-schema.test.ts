import { signupFormSchema, toSignupPayload, signupPayloadSchema, normalizePhone, type SignupFormValues } from '@/lib/accounts/schemas';

const form: SignupFormValues = {
  email: 'Owner@Fleet.test',
  confirmEmail: 'owner@fleet.test',
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '(214)555-0188',
  password: 'Haul1234!',
  confirmPassword: 'Haul1234!',
  acceptEmails: true,
  role: 'employer',
};

const issues = (values: Partial<SignupFormValues>) => {
  const res = signupFormSchema.safeParse({ ...form, ...values });
  return res.success ? [] : res.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('the sign-up form schema (shared with the API rules)', () => {
  it('accepts a complete form; the email check ignores case', () => {
    expect(issues({})).toEqual([]);
  });

  it("says 'Emails must match' under confirm email", () => {
    expect(issues({ confirmEmail: 'other@fleet.test' })).toEqual([['confirmEmail', 'Emails must match']]);
    expect(issues({ confirmEmail: '' })).toEqual([['confirmEmail', 'Emails must match']]);
  });

  it("says 'Passwords must match' under confirm password", () => {
    expect(issues({ confirmPassword: 'Haul1234?' })).toEqual([['confirmPassword', 'Passwords must match']]);
  });

  it('reports mismatches together with the other field errors', () => {
    expect(issues({ firstName: '', confirmPassword: 'nope' })).toEqual([
      ['firstName', 'You must enter your name'],
      ['confirmPassword', 'Passwords must match'],
    ]);
  });

  it('maps to the spec payload, which the API schema accepts', () => {
    const payload = toSignupPayload(form);
    expect(payload).toEqual({
      email: 'Owner@Fleet.test',
      password: 'Haul1234!',
      first_name: 'Maria',
      last_name: 'Lopez',
      phone: '(214)555-0188',
      role: 'employer',
      tn_newsletters: true,
    });
    expect(signupPayloadSchema.parse(payload).email).toBe('owner@fleet.test');
  });

  it.each([
    ['2145550188', '(214)555-0188'],
    ['12145550188', '(214)555-0188'],
    ['+1 (214) 555-0188', '(214)555-0188'],
    ['21455', '21455'],
    ['abc', 'abc'],
  ])('normalizes the phone %p to %p', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
  });
});

describe('messages shared with the login service', () => {
  it('the fast-login page recognises the login service’s already-an-employer answer', async () => {
    const { ALREADY_EMPLOYER } = await import('@/lib/auth/login');
    const { ALREADY_EMPLOYER_MESSAGE } = await import('@/lib/accounts/schemas');
    expect(ALREADY_EMPLOYER_MESSAGE).toBe(ALREADY_EMPLOYER);
  });
});
