import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginForm } from '@/app/(auth)/login/login-form';
import { AuthFrame } from '@/components/shell/auth-frame';
import { ToastProvider } from '@/components/ui/toast';

const mockReplace = jest.fn();
let mockSearch = new URLSearchParams();
jest.mock('next/navigation', () => ({
  usePathname: () => '/login',
  useSearchParams: () => mockSearch,
  useRouter: () => ({ replace: mockReplace, push: jest.fn(), refresh: jest.fn() }),
}));
const mockSignIn = jest.fn();
const mockGetSession = jest.fn();
jest.mock('@/lib/auth/client-session', () => ({
  signInWithCredentials: (...args: unknown[]) => mockSignIn(...args),
  getClientSession: () => mockGetSession(),
  signOutLocally: () => mockSignOut(),
}));
const mockSignOut = jest.fn(async () => undefined);

type Props = Partial<React.ComponentProps<typeof LoginForm>>;

function renderLogin(props: Props = {}) {
  return render(
    <ToastProvider>
      <AuthFrame productName="TNA" version="1.2.3">
        <LoginForm role="employer" callbackUrl={null} validated={false} denied={false} signedInAs={null} socialProviders={[]} error={null} {...props} />
      </AuthFrame>
    </ToastProvider>,
  );
}

const clearCookies = () => {
  document.cookie = 'termsAccepted=; Max-Age=0; Path=/';
};

beforeEach(() => {
  clearCookies();
  document.cookie = 'termsAccepted=true; Path=/';
  mockReplace.mockReset();
  mockSignIn.mockReset();
  mockGetSession.mockReset();
  mockSignOut.mockClear();
  mockSearch = new URLSearchParams();
});

async function fillAndSubmit(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('Email'), email);
  if (password) await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('login screen (spec §2)', () => {
  it('warns that the session has expired when a server page sent the user here, and drops the dead cookie', async () => {
    renderLogin({ expired: true });
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(mockSignOut).toHaveBeenCalledTimes(1);
  });

  it('starts with the address sign-up found an account for', () => {
    renderLogin({ email: 'rita@example.test' });
    expect(screen.getByLabelText('Email')).toHaveValue('rita@example.test');
  });

  it('shows no such warning on a plain visit', () => {
    renderLogin();
    expect(screen.queryByText('Your session has expired. Please sign in again.')).not.toBeInTheDocument();
    expect(mockSignOut).not.toHaveBeenCalled();
  });

  it('shows the heading, subtitle, links and the version label', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgotten password' })).toHaveAttribute('href', '/forgot-password?role=employer');
    expect(screen.getByRole('link', { name: 'Create new account' })).toHaveAttribute('href', '/signup');
    expect(screen.getByTestId('app-version')).toHaveTextContent('v1.2.3');
    expect(screen.queryByRole('button', { name: /Google|Apple|Facebook/ })).not.toBeInTheDocument();
  });

  it('links the admin variant to forgot-password with role=admin', () => {
    renderLogin({ role: 'admin' });
    expect(screen.getByRole('link', { name: 'Forgotten password' })).toHaveAttribute('href', '/forgot-password?role=admin');
  });

  it('shows social buttons only for the providers the server enabled', () => {
    renderLogin({ socialProviders: ['google', 'apple'] });
    expect(screen.getByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Facebook' })).not.toBeInTheDocument();
  });

  it('shows the verified-email alert and the denied warning', () => {
    renderLogin({ validated: true, denied: true, signedInAs: { email: 'driver@demo.test', home: '/members/home' } });
    expect(screen.getByText('Your email has been verified')).toBeInTheDocument();
    expect(screen.getByText(/Your account cannot open that page\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your portal' })).toHaveAttribute('href', '/members/home');
  });
});

describe('login form validation (spec §5)', () => {
  it('requires an email and a password', async () => {
    renderLogin();
    await fillAndSubmit('', '');
    expect(await screen.findByText('No email provided')).toBeInTheDocument();
    expect(screen.getByText('No password provided')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(mockSignIn).not.toHaveBeenCalled();
  });

  it('requires a valid email', async () => {
    renderLogin();
    await fillAndSubmit('not-an-email', 'Demo1234!');
    expect(await screen.findByText('Needs to be a valid email.')).toBeInTheDocument();
    expect(screen.queryByText('No password provided')).not.toBeInTheDocument();
    expect(mockSignIn).not.toHaveBeenCalled();
  });
});

describe('signing in', () => {
  it('signs in with next-auth and lands on the page of the role', async () => {
    mockSignIn.mockResolvedValue(null);
    mockGetSession.mockResolvedValue({ user: { roles: ['Employer'], companyId: 4 } });
    renderLogin();
    await fillAndSubmit('employer@demo.test', 'Demo1234!');
    expect(mockSignIn).toHaveBeenCalledWith(expect.objectContaining({ email: 'employer@demo.test', password: 'Demo1234!', terms_accepted: 'true' }));
    expect(mockSignIn.mock.calls[0][0].device_id).toMatch(/^[a-z0-9]{8}$/);
    expect(mockReplace).toHaveBeenCalledWith('/company/jobs');
  });

  it('continues to a safe callback URL when one was given', async () => {
    mockSignIn.mockResolvedValue(null);
    mockGetSession.mockResolvedValue({ user: { roles: ['160Admin'], companyId: null } });
    renderLogin({ callbackUrl: '/admin/user-management' });
    await fillAndSubmit('admin@demo.test', 'Demo1234!');
    expect(mockReplace).toHaveBeenCalledWith('/admin/user-management');
  });

  it('shows the wrong-credentials message and leaves the page usable again', async () => {
    mockSignIn.mockResolvedValue('This email or password is wrong.');
    renderLogin();
    await fillAndSubmit('employer@demo.test', 'Wrong1234!');
    const alerts = await screen.findAllByText('This email or password is wrong.');
    expect(alerts.length).toBeGreaterThan(0);
    expect(mockReplace).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it("maps next-auth's generic CredentialsSignin code to the spec message", async () => {
    mockSignIn.mockResolvedValue('CredentialsSignin');
    renderLogin();
    await fillAndSubmit('employer@demo.test', 'Wrong1234!');
    expect((await screen.findAllByText('This email or password is wrong.')).length).toBeGreaterThan(0);
  });

  it('makes the page inert while the form submits', async () => {
    let finish: (v: unknown) => void = () => {};
    mockSignIn.mockReturnValue(new Promise((r) => (finish = r)));
    renderLogin();
    await fillAndSubmit('employer@demo.test', 'Demo1234!');
    expect(document.querySelector('[inert]')).not.toBeNull();
    finish('This email or password is wrong.');
    await screen.findAllByText('This email or password is wrong.');
    expect(document.querySelector('[inert]')).toBeNull();
  });
});

describe('terms dialog (spec §2, §4)', () => {
  it('asks on the first visit and stores Accept for 365 days', async () => {
    clearCookies();
    renderLogin();
    const dialog = await screen.findByRole('dialog', { name: 'Please check our terms and conditions' });
    expect(within(dialog).getByRole('link', { name: 'Customer Terms of Service' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.cookie).toContain('termsAccepted=true');
  });

  it('stores Decline and sends terms_accepted false with the login', async () => {
    clearCookies();
    mockSignIn.mockResolvedValue('This email or password is wrong.');
    renderLogin();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(document.cookie).toContain('termsAccepted=false');
    await fillAndSubmit('employer@demo.test', 'Demo1234!');
    expect(mockSignIn).toHaveBeenCalledWith(expect.objectContaining({ terms_accepted: 'false' }));
  });

  it('open from the server (no cookie there): in place, not in a portal, so it is part of the first paint; Accept still stores the choice', async () => {
    clearCookies();
    const { container } = renderLogin({ termsOpen: true });
    const dialog = await screen.findByRole('dialog', { name: 'Please check our terms and conditions' });
    expect(container.contains(dialog)).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.cookie).toContain('termsAccepted=true');
  });

  it('does not ask again once a choice is stored', () => {
    renderLogin();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
