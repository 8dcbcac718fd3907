import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVITE_ERROR, NO_MAIL_CLIENT, RecommendDialog, RecommendDialogHost, openMailClient } from '@/components/recommend';
import { ToastProvider } from '@/components/ui/toast';

jest.mock('@/lib/auth/client-session', () => ({ getClientSession: jest.fn(async () => null), signOutLocally: jest.fn() }));

const answer = { invitation_link: 'http://localhost/signup?ref=1&firstName=Jamie&email=jamie%40example.test', default_text: 'Hi Jamie,\n\nJoin me.', subject: 'Pat recommends TNA to you' };

function mockFetch(status: number, body: unknown) {
  const fetchMock = jest.fn(async (..._args: unknown[]) => ({ status, ok: status < 400, json: async () => body }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function renderDialog(openMail = jest.fn(async (_href: string) => true)) {
  const onOpenChange = jest.fn();
  render(
    <ToastProvider>
      <RecommendDialog open onOpenChange={onOpenChange} openMail={openMail} />
    </ToastProvider>,
  );
  return { openMail, onOpenChange };
}

const nameField = () => screen.getByLabelText('Name');
const emailField = () => screen.getByLabelText('Email');
const send = () => screen.getByRole('button', { name: 'Send' });

describe('Recommend dialog (spec §2, §4, §5, §8)', () => {
  it('is titled with the product name and keeps Send disabled while the form is invalid', async () => {
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Recommend TNA to a Friend' })).toBeInTheDocument();
    expect(send()).toBeDisabled();
    await userEvent.type(nameField(), 'Jamie');
    expect(send()).toBeDisabled();
    await userEvent.type(emailField(), 'jamie@example.test');
    await waitFor(() => expect(send()).toBeEnabled());
  });

  it.each([
    ['', 'x@y.co', 'No name provided'],
    ['J', 'x@y.co', 'Name should be at least two characters long'],
    ['Jamie', '', 'No email provided'],
    ['Jamie', 'not-an-email', 'Needs to be a valid email.'],
  ])('name %j and email %j show %s', async (name, email, message) => {
    renderDialog();
    // Type then clear, so an empty field has been touched.
    await userEvent.type(nameField(), name || 'x');
    if (!name) await userEvent.clear(nameField());
    await userEvent.type(emailField(), email || 'x');
    if (!email) await userEvent.clear(emailField());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(send()).toBeDisabled();
  });

  it('posts fullName and email, opens the mail client with the prefilled message and resets the form 1.5 s later', async () => {
    const fetchMock = mockFetch(200, { data: answer });
    const { openMail } = renderDialog();
    await userEvent.type(nameField(), 'Jamie Fox');
    await userEvent.type(emailField(), 'jamie@example.test');
    // Fake time moves only when the test (or waitFor's polling) moves it, so the 1.5 s is exact.
    jest.useFakeTimers();
    try {
      await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(send());
      await waitFor(() => expect(openMail).toHaveBeenCalled());
      const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
      expect(url).toBe('/api/v1.0/lead/invite');
      expect(JSON.parse(init.body as string)).toEqual({ fullName: 'Jamie Fox', email: 'jamie@example.test' });
      const href = openMail.mock.calls[0][0];
      expect(href.startsWith('mailto:jamie%40example.test?')).toBe(true);
      expect(decodeURIComponent(href.split('body=')[1])).toBe(answer.default_text);
      expect(await screen.findByLabelText('Invitation text')).toHaveValue(answer.default_text);
      expect(nameField()).toHaveValue('Jamie Fox');
      act(() => jest.advanceTimersByTime(1500));
      await waitFor(() => expect(nameField()).toHaveValue(''));
      expect(emailField()).toHaveValue('');
      expect(screen.queryByText(NO_MAIL_CLIENT)).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when no mail client opens', async () => {
    mockFetch(200, { data: answer });
    renderDialog(jest.fn(async (_href: string) => false));
    await userEvent.type(nameField(), 'Jamie');
    await userEvent.type(emailField(), 'jamie@example.test');
    await userEvent.click(send());
    expect(await screen.findByText(NO_MAIL_CLIENT)).toBeInTheDocument();
  });

  it('shows the spec message when the call fails', async () => {
    mockFetch(500, { errors: [{ message: 'Internal server error' }] });
    const { openMail } = renderDialog();
    await userEvent.type(nameField(), 'Jamie');
    await userEvent.type(emailField(), 'jamie@example.test');
    await userEvent.click(send());
    expect(await screen.findByText(INVITE_ERROR)).toBeInTheDocument();
    expect(openMail).not.toHaveBeenCalled();
  });

  it('shows the rate-limit message on 429', async () => {
    mockFetch(429, { errors: [{ message: 'You have sent many invitations in a short time. Please try again in an hour.' }] });
    renderDialog();
    await userEvent.type(nameField(), 'Jamie');
    await userEvent.type(emailField(), 'jamie@example.test');
    await userEvent.click(send());
    expect(await screen.findByText(/many invitations/)).toBeInTheDocument();
  });
});

describe('Recommend dialog: one invitation at a time', () => {
  it('sends once when Send is pressed twice quickly, and shows one outcome, never success and error together', async () => {
    // The first call answers after a moment; a second call, if made, would fail.
    let release!: () => void;
    let calls = 0;
    const fetchMock = jest.fn((..._args: unknown[]): Promise<unknown> =>
      ++calls === 1
        ? new Promise((resolve) => {
            release = () => resolve({ status: 200, ok: true, json: async () => ({ data: answer }) });
          })
        : Promise.resolve({ status: 500, ok: false, json: async () => ({ errors: [{ message: 'Internal server error' }] }) }),
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    renderDialog();
    await userEvent.type(nameField(), 'Jamie');
    await userEvent.type(emailField(), 'jamie@example.test');
    await waitFor(() => expect(send()).toBeEnabled());
    const form = screen.getByRole('form', { name: 'Recommend TNA to a Friend' }) as HTMLFormElement;
    await act(async () => {
      form.requestSubmit();
      form.requestSubmit();
    });
    await waitFor(() => expect(send()).toBeDisabled());
    await act(async () => release());
    expect(await screen.findByTestId('invitation')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]: unknown[]) => String(url).includes('/lead/invite'))).toHaveLength(1);
    expect(screen.queryByText(INVITE_ERROR)).not.toBeInTheDocument();
  });
});

describe('RecommendDialogHost', () => {
  it('opens on the tna:recommend window event, once even with two hosts', async () => {
    render(
      <ToastProvider>
        <RecommendDialogHost />
        <RecommendDialogHost />
      </ToastProvider>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent('tna:recommend'));
    });
    expect(await screen.findAllByRole('dialog', { name: 'Recommend TNA to a Friend' })).toHaveLength(1);
  });
});

describe('openMailClient', () => {
  it('reports an opened client when the window loses focus, and a missing one after the timeout', async () => {
    const opened = openMailClient('mailto:a@b.co', 200);
    window.dispatchEvent(new Event('blur'));
    await expect(opened).resolves.toBe(true);
    await expect(openMailClient('mailto:a@b.co', 50)).resolves.toBe(false);
  });
});
