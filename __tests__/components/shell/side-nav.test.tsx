import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PortalShell } from '@/components/shell/portal-shell';
import { shellNavFor } from '@/components/shell/shell-nav';
import { pickGroup } from '@/components/shell/nav-pick';
import { navGroupFor, navItemsFor } from '@/components/shell/nav-model';
import { ToastProvider } from '@/components/ui/toast';
import { RECOMMEND_EVENT } from '@/components/shell/side-nav';
import { BACK_TO_ADMIN, LOGOUT_QUESTION, LOGOUT_WHILE_IMPERSONATING } from '@/components/shell/logout-dialog';
import { navReducer } from '@/components/shell/use-nav-collapse';
import { ROLES } from '@/lib/access';

let mockPath = '/company/jobs';
jest.mock('next/navigation', () => ({ usePathname: () => mockPath, useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn() }) }));
const mockSignOut = jest.fn();
const mockAssign = jest.fn();
jest.mock('@/components/shell/navigate', () => ({ hardNavigate: (url: string) => mockAssign(url) }));
jest.mock('@/lib/auth/client-session', () => ({ signOutLocally: (...args: unknown[]) => mockSignOut(...args), getClientSession: jest.fn() }));

/** A controllable (max-width: 767.98px) media query. */
function mockViewport(narrow: boolean) {
  const listeners = new Set<(e: { matches: boolean }) => void>();
  const mq = { matches: narrow, addEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.add(l), removeEventListener: (_: string, l: (e: { matches: boolean }) => void) => listeners.delete(l) };
  window.matchMedia = jest.fn().mockReturnValue(mq) as never;
  return (next: boolean) => act(() => listeners.forEach((l) => l({ matches: next })));
}

function renderShell(roles: string[], path = '/company/jobs', { impersonating = false } = {}) {
  mockPath = path;
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <PortalShell user={{ name: 'Emma Recruiter', email: 'employer@demo.test', impersonating }} nav={shellNavFor(roles)} productName="TNA">
          <p>page body</p>
        </PortalShell>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rail = () => document.getElementById('side-nav')!;


beforeEach(() => {
  window.localStorage.clear();
  mockSignOut.mockReset();
});

describe('navReducer (spec §4 navigation width)', () => {
  it('follows the viewport until the user toggles, then keeps the manual choice', () => {
    let s = { collapsed: false, manualOverride: false };
    s = navReducer(s, { type: 'viewport', narrow: true });
    expect(s).toEqual({ collapsed: true, manualOverride: false });
    s = navReducer(s, { type: 'viewport', narrow: false });
    expect(s).toEqual({ collapsed: false, manualOverride: false });
    s = navReducer(s, { type: 'toggle' });
    expect(s).toEqual({ collapsed: true, manualOverride: true });
    expect(navReducer(s, { type: 'viewport', narrow: false })).toBe(s);
  });
});

describe('side navigation', () => {
  it('shows the company group of spec §2 with Posted Jobs marked current', () => {
    mockViewport(false);
    renderShell([ROLES.EMPLOYER]);
    const nav = within(rail()).getByRole('navigation', { name: 'Company Portal navigation' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Create New Job', 'Posted Jobs', 'Recommend', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Posted Jobs' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Create New Job' })).toHaveAttribute('href', '/company/jobs/new');
    expect(within(rail()).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the group of the path: admin, news, ads, members', () => {
    mockViewport(false);
    const { unmount } = renderShell([ROLES.SUPER_ADMIN], '/admin/user-management');
    expect(within(rail()).getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    unmount();
    renderShell([ROLES.DRIVER], '/members/home');
    const nav = within(rail()).getByRole('navigation', { name: 'Drivers Portal navigation' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Home', 'Find Jobs', 'My Applications', 'News', 'Recommend', 'Settings']);
  });

  it('makes Recommend an action that dispatches tna:recommend', async () => {
    mockViewport(false);
    renderShell([ROLES.EMPLOYER]);
    const heard = jest.fn();
    window.addEventListener(RECOMMEND_EVENT, heard);
    await userEvent.click(within(rail()).getByRole('button', { name: 'Recommend' }));
    window.removeEventListener(RECOMMEND_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('shows the portal switcher only when the user reaches two or more portals', () => {
    mockViewport(false);
    const { unmount } = renderShell([ROLES.SUPER_ADMIN], '/admin/company-list');
    expect(within(rail()).getByRole('button', { name: /Switch portal \(current: Admin Portal\)/ })).toBeInTheDocument();
    unmount();
    renderShell([ROLES.EMPLOYER]);
    expect(within(rail()).queryByRole('button', { name: /Switch portal/ })).not.toBeInTheDocument();
  });

  it('says on screen what the switcher switches, expanded and collapsed', () => {
    mockViewport(false);
    renderShell([ROLES.SUPER_ADMIN], '/admin/company-list');
    const trigger = within(rail()).getByRole('button', { name: /Switch portal/ });
    expect(trigger).toHaveTextContent(/^Switch portalAdmin Portal$/);
    expect(trigger).toHaveAttribute('title', 'Switch portal (current: Admin Portal)');
  });

  it('opens the portal list from the switcher; arrows move through it, Escape closes it and focus returns', async () => {
    mockViewport(false);
    renderShell([ROLES.SUPER_ADMIN], '/admin/company-list');
    const trigger = within(rail()).getByRole('button', { name: /Switch portal/ });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Switch to another portal')).not.toBeVisible();

    await userEvent.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByText('Switch to another portal').parentElement!;
    expect(within(list).getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('aria-current', 'page');
    expect(within(list).getByRole('link', { name: 'Company Portal' })).toHaveAttribute('href', '/company/jobs');

    await userEvent.click(screen.getByText('page body'));
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(links[1]).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
  });

  it('collapses under 768 px and expands at or above, until toggled by hand', async () => {
    const resize = mockViewport(true);
    renderShell([ROLES.EMPLOYER]);
    expect(rail()).toHaveAttribute('data-collapsed', 'true');
    expect(rail().className).toContain('w-[5.5rem]');
    resize(false);
    expect(rail()).toHaveAttribute('data-collapsed', 'false');
    expect(rail().className).toContain('w-[16rem]');

    await userEvent.click(within(rail()).getByRole('button', { name: 'Collapse navigation' }));
    expect(rail()).toHaveAttribute('data-collapsed', 'true');
    expect(rail()).toHaveAttribute('data-manual', 'true');
    resize(false);
    resize(true);
    resize(false);
    expect(rail()).toHaveAttribute('data-collapsed', 'true');
    // Collapsed items keep their names for screen readers and a tooltip for the eye.
    expect(within(rail()).getByRole('link', { name: 'Posted Jobs' })).toHaveAttribute('title', 'Posted Jobs');
    await userEvent.click(within(rail()).getByRole('button', { name: 'Expand navigation' }));
    expect(rail()).toHaveAttribute('data-collapsed', 'false');
  });

  it('remembers a manual choice across page loads', async () => {
    mockViewport(false);
    const { unmount } = renderShell([ROLES.EMPLOYER]);
    await userEvent.click(within(rail()).getByRole('button', { name: 'Collapse navigation' }));
    unmount();
    renderShell([ROLES.EMPLOYER]);
    expect(rail()).toHaveAttribute('data-collapsed', 'true');
  });

  it('is keyboard accessible: a skip link first, then the brand link and the toggle; Enter collapses', async () => {
    mockViewport(false);
    renderShell([ROLES.EMPLOYER]);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(rail()).getByRole('button', { name: 'Collapse navigation' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(rail()).toHaveAttribute('data-collapsed', 'true');
  });

  it('asks "Are you sure you want to Logout?" and signs out to /login after revoking the API session', async () => {
    mockViewport(false);
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ data: { loggedOut: true } }) });
    global.fetch = fetchMock as never;
    renderShell([ROLES.EMPLOYER]);
    await userEvent.click(within(rail()).getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to Logout?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockSignOut).not.toHaveBeenCalled();

    await userEvent.click(within(rail()).getByRole('button', { name: 'Log out' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Log out' }));
    expect(fetchMock).toHaveBeenCalledWith('/api/v1.0/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(mockSignOut).toHaveBeenCalled();
    expect(mockAssign).toHaveBeenCalledWith('/login');
  });

  it('offers an impersonating admin the way back to the Admin Portal beside Log out, which would end both sessions', async () => {
    mockViewport(false);
    mockAssign.mockReset();
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, json: async () => ({ data: { impersonation: null, redirect: '/admin/company-list' } }) });
    global.fetch = fetchMock as never;
    renderShell([ROLES.EMPLOYER], '/company/jobs', { impersonating: true });
    await userEvent.click(within(rail()).getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: LOGOUT_QUESTION });
    expect(dialog).toHaveTextContent(LOGOUT_WHILE_IMPERSONATING);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['Cancel', BACK_TO_ADMIN, 'Log out']));
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: BACK_TO_ADMIN }));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/impersonation', expect.objectContaining({ method: 'POST', body: JSON.stringify({ action: 'leave' }) }));
    expect(fetchMock).not.toHaveBeenCalledWith('/api/v1.0/auth/logout', expect.anything());
    expect(mockSignOut).not.toHaveBeenCalled();
    expect(mockAssign).toHaveBeenCalledWith('/admin/company-list');
  });

  it('says nothing of impersonation to a user signed in as themselves', async () => {
    mockViewport(false);
    renderShell([ROLES.EMPLOYER]);
    await userEvent.click(within(rail()).getByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: LOGOUT_QUESTION });
    expect(dialog).not.toHaveTextContent(LOGOUT_WHILE_IMPERSONATING);
    expect(within(dialog).queryByRole('button', { name: BACK_TO_ADMIN })).not.toBeInTheDocument();
  });
});

describe('the nav the layout works out on the server (shell-nav.tsx) shows what the role table says', () => {
  const paths = ['/company/jobs', '/company/settings/password', '/admin/company-list', '/admin/channels', '/news', '/ads/manage', '/members/home', '/members/settings', '/elsewhere'];
  it.each(Object.values(ROLES))('%s: the same group and items as navGroupFor and navItemsFor, on every portal path', (role) => {
    const nav = shellNavFor([role]);
    for (const path of paths) {
      const expected = navGroupFor(path, [role]);
      const got = pickGroup(nav, path);
      expect([path, got?.key]).toEqual([path, expected?.key]);
      expect(got?.items.map((i) => i.href ?? i.action)).toEqual(navItemsFor(expected, [role]).map((i) => i.href ?? i.action));
    }
  });
});
