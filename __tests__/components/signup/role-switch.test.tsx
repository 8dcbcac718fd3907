import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SignupForm } from '@/components/signup/signup-form';
import { ToastProvider } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import { EMAIL_REQUIRED } from '@/lib/accounts/schemas';
import { readSignupPrefill } from '@/lib/accounts/signup-prefill';

const mockReplace = jest.fn();
const mockPush = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: mockPush, replace: mockReplace, refresh: jest.fn() }), usePathname: () => '/signup' }));
// next/link navigates on the client with the router: the URL changes and the page renders again
// with the new search params, while the form (same place in the tree) stays mounted.
jest.mock('next/link', () => {
  const { useRouter } = jest.requireMock('next/navigation') as { useRouter: () => { push: (href: string) => void } };
  return function Link({ href, children, ...rest }: { href: string; children: React.ReactNode }) {
    const router = useRouter();
    return (
      <a
        href={href}
        {...rest}
        onClick={(e) => {
          e.preventDefault();
          router.push(href);
        }}
      >
        {children}
      </a>
    );
  };
});
jest.mock('@/lib/api/client', () => ({ ...jest.requireActual('@/lib/api/client'), api: jest.fn() }));
jest.mock('@/components/signup/sign-in', () => ({ signInInPlace: jest.fn(async () => null) }));
const mockApi = api as jest.MockedFunction<typeof api>;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  mockReplace.mockReset();
  mockPush.mockReset();
  mockApi.mockReset();
  mockApi.mockImplementation(async (path: string) => ({ data: path === '/auth/email-check-token' ? { token: 't' } : path === '/auth/signup' ? { id: 9 } : { exists: false } }) as never);
});

/** What app/(auth)/signup/page.tsx renders for a URL. */
const signupPage = (href: string) => {
  const q = Object.fromEntries(new URL(href, 'http://local.test').searchParams);
  return (
    <ToastProvider>
      <SignupForm prefill={{ ...readSignupPrefill(q), callbackUrl: null }} productName="TNA" />
    </ToastProvider>
  );
};

/** Clicks a link under the form and renders the page it leads to, as a client navigation does. */
async function follow(name: string, rerender: (ui: React.ReactElement) => void) {
  mockPush.mockClear();
  await userEvent.click(screen.getByRole('link', { name }));
  expect(mockPush).toHaveBeenCalledTimes(1);
  rerender(signupPage(mockPush.mock.calls[0][0]));
}

async function fillDetails(email: string) {
  await userEvent.type(await screen.findByLabelText('Confirm email'), email);
  await userEvent.type(screen.getByLabelText('First name'), 'Hank');
  await userEvent.type(screen.getByLabelText('Last name'), 'Rivers');
  await userEvent.type(screen.getByLabelText('Phone'), '7135550142');
  await userEvent.type(screen.getByLabelText('Password'), 'Haul1234!');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Haul1234!');
}

const sentRole = () => {
  const signup = mockApi.mock.calls.find(([path]) => path === '/auth/signup');
  return (signup?.[1] as { body: { role: string } } | undefined)?.body.role;
};

describe('switching between the employer and the driver sign-up on the page', () => {
  it("the employer sign-up's driver link makes a driver account, with a fresh form", async () => {
    const { rerender } = render(signupPage('/signup'));
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    // The email field has the focus (autoFocus) and loses it to the link, as in the browser.
    await userEvent.click(screen.getByLabelText('Work email'));

    await follow('create a driver account', rerender);
    expect(mockPush).toHaveBeenCalledWith('/signup?role=driver');
    expect(screen.getByRole('heading', { name: 'Create your driver account' })).toBeInTheDocument();

    // As on a fresh load: nothing typed yet, so nothing to complain about.
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(EMAIL_REQUIRED)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(email, 'hank@haul.test');
    expect(screen.queryByText(EMAIL_REQUIRED)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fillDetails('hank@haul.test');
    await userEvent.click(screen.getByRole('button', { name: "Let's Go" }));

    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/members/home'));
    expect(sentRole()).toBe('member');
    expect(mockReplace).not.toHaveBeenCalledWith('/company-info');
  });

  it('a switch after the email step starts the other sign-up over, and back again makes an employer', async () => {
    const { rerender } = render(signupPage('/signup'));
    await userEvent.type(screen.getByLabelText('Work email'), 'owner@fleet.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('First name'), 'Ann');

    await follow('create a driver account', rerender);
    expect(screen.getByRole('heading', { name: 'Create your driver account' })).toBeInTheDocument();
    // The employer's draft (revealed details, checked email) is not the driver's.
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem('signup') ?? '').not.toContain('owner@fleet.test');

    await userEvent.type(screen.getByLabelText('Email'), 'hank@haul.test');
    await follow('Create an employer account', rerender);
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Work email')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Work email'), 'owner@fleet.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await fillDetails('owner@fleet.test');
    await userEvent.click(screen.getByRole('button', { name: "Let's Go" }));
    await waitFor(() => expect(mockReplace).toHaveBeenCalledWith('/company-info'));
    expect(sentRole()).toBe('employer');
  });
});
