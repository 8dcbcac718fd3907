import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupForm } from '@/components/signup/signup-form';
import { SIGNUP_KEPT_MS } from '@/components/signup/onboarding-storage';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import type { SignupPrefill } from '@/lib/accounts/signup-prefill';

jest.mock('next/navigation', () => ({ useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }), usePathname: () => '/signup' }));
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
jest.mock('@/components/signup/sign-in', () => ({ signInInPlace: jest.fn(async () => null) }));
const mockApi = api as jest.MockedFunction<typeof api>;

const EMPTY: SignupPrefill = { email: '', confirmEmail: '', firstName: '', lastName: '', phone: '', fromLanding: false, role: 'employer' };
const renderForm = () =>
  render(
    <ToastProvider>
      <SignupForm prefill={EMPTY} productName="TNA" />
    </ToastProvider>,
  );

const previousVisitor = { email: 'ann@first.test', confirmEmail: 'ann@first.test', firstName: 'Ann', lastName: 'First', phone: '(214)555-0101', acceptEmails: true, role: 'employer', revealed: true, checkedEmail: 'ann@first.test' };

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  mockApi.mockReset();
  mockApi.mockImplementation(async (path: string) => ({ data: path === '/auth/email-check-token' ? { token: 't' } : path === '/auth/signup' ? { id: 1 } : { exists: false } }) as never);
});

describe('sign-up entries kept in the browser (issue 9, item 12)', () => {
  it("never shows a previous visitor's entries kept in localStorage, and removes them", async () => {
    window.localStorage.setItem('signup', JSON.stringify(previousVisitor));
    renderForm();
    await waitFor(() => expect(window.localStorage.getItem('signup')).toBeNull());
    expect(screen.getByLabelText('Work email')).toHaveValue('');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
  });

  it('offers a reload of this tab its entries back, but not after the sign-up was left for long', async () => {
    window.sessionStorage.setItem('signup', JSON.stringify({ ...previousVisitor, savedAt: Date.now() }));
    const first = renderForm();
    expect(await screen.findByLabelText('First name')).toHaveValue('Ann');
    first.unmount();

    window.sessionStorage.setItem('signup', JSON.stringify({ ...previousVisitor, savedAt: Date.now() - SIGNUP_KEPT_MS - 1000 }));
    renderForm();
    await waitFor(() => expect(window.sessionStorage.getItem('signup')).toBeNull());
    expect(screen.getByLabelText('Work email')).toHaveValue('');
  });

  it('starts the details over when another email replaces the one they were typed for', async () => {
    window.sessionStorage.setItem('signup', JSON.stringify({ ...previousVisitor, savedAt: Date.now() }));
    renderForm();
    const email = await screen.findByLabelText('Work email');
    await waitFor(() => expect(email).toHaveValue('ann@first.test'));
    await userEvent.clear(email);
    await userEvent.type(email, 'bob@second.test');
    await userEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue(''));
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(window.sessionStorage.getItem('signup')).not.toContain('Ann');
  });

  it('forgets the first step once the account is created', async () => {
    window.sessionStorage.setItem('signup', JSON.stringify({ ...previousVisitor, savedAt: Date.now() }));
    renderForm();
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Ann'));
    await userEvent.type(screen.getByLabelText('Password'), 'Str0ng!Pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Str0ng!Pass');
    await userEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    await waitFor(() => expect(mockApi).toHaveBeenCalledWith('/auth/signup', expect.anything()));
    await waitFor(() => expect(window.sessionStorage.getItem('signup')).toBeNull());
    expect(window.localStorage.getItem('signup')).toBeNull();
  });
});
