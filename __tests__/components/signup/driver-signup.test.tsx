import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupForm } from '@/components/signup/signup-form';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import { readSignupPrefill } from '@/lib/accounts/signup-prefill';

const mockReplace = jest.fn();
const mockPush = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: mockPush, replace: mockReplace, refresh: jest.fn() }), usePathname: () => '/signup' }));
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
jest.mock('@/components/signup/sign-in', () => ({ signInInPlace: jest.fn(async () => null) }));
const mockApi = api as jest.MockedFunction<typeof api>;

let exists = false;
beforeEach(() => {
  window.sessionStorage.clear();
  mockReplace.mockReset();
  mockPush.mockReset();
  mockApi.mockReset();
  exists = false;
  mockApi.mockImplementation(async (path: string) => ({ data: path === '/auth/email-check-token' ? { token: 't' } : path === '/auth/signup' ? { id: 9 } : { exists, missingRole: exists } }) as never);
});

/** The link a driver's Recommend answers (lib/accounts/invite.ts), as the sign-up page reads it. */
const invitedByDriver = () => readSignupPrefill({ role: 'driver', firstName: 'Rita', lastName: 'Road', email: 'rita@example.test', ref: '4' });

const renderForm = (prefill = invitedByDriver()) =>
  render(
    <ToastProvider>
      <SignupForm prefill={prefill} productName="TNA" />
    </ToastProvider>,
  );

describe("the drivers' sign-up a driver's invitation leads to (issue 9, item 15)", () => {
  it('speaks to a driver, creates a Driver account and opens the drivers area, not company info', async () => {
    renderForm();
    expect(screen.getByRole('heading', { name: 'Create your driver account' })).toBeInTheDocument();
    expect(screen.getByText(/Find CDL driving jobs/)).toBeInTheDocument();
    // A driver's own address, not a work one.
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'you@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Confirm email'), 'rita@example.test');
    expect(screen.getByLabelText('First name')).toHaveValue('Rita');
    await userEvent.type(screen.getByLabelText('Phone'), '4695550123');
    await userEvent.type(screen.getByLabelText('Password'), 'Str0ng!Pass');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Str0ng!Pass');
    await userEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/members/home'));
    const signup = mockApi.mock.calls.find(([path]) => path === '/auth/signup')!;
    expect((signup[1] as { body: { role: string } }).body.role).toBe('member');
    expect(mockReplace).not.toHaveBeenCalledWith('/company-info');
  });

  it('sends a driver whose email already has an account to sign in, never to create a company', async () => {
    exists = true;
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // With the address filled in.
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/login?email=rita%40example.test'));
    expect(mockPush).not.toHaveBeenCalledWith(expect.stringContaining('/fast-login'));
  });

  it('from a job, the sign-in goes on to that job', async () => {
    exists = true;
    renderForm({ ...readSignupPrefill({ role: 'driver', email: 'rita@example.test' }), callbackUrl: '/members/jobs/4' });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/login?email=rita%40example.test&callbackUrl=%2Fmembers%2Fjobs%2F4'));
  });

  it('stays the employer sign-up without role=driver', () => {
    renderForm(readSignupPrefill({}));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveAttribute('placeholder', 'you@company.com');
  });
});
