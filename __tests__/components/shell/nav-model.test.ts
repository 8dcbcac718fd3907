import { ALL_ROLES, PORTALS, ROLES, allows, pageGuardFor } from '@/lib/access';
import { activeItem, layoutGuardFor, navGroupFor, navItemsFor, safeCallbackUrl, switcherPortals } from '@/components/shell/nav-model';

const { SUPER_ADMIN, ADMIN, INTERNAL_USER, EMPLOYER, NEWS_ADMIN, NEWS_CONTRIBUTOR, DRIVER, ADS_ADMIN } = ROLES;

describe('navGroupFor: the nav group follows the path', () => {
  it.each([
    ['/admin/company-list', [SUPER_ADMIN], 'admin'],
    ['/company/jobs', [SUPER_ADMIN], 'company'],
    ['/news', [ADMIN], 'news'],
    ['/ads/manage', [ADMIN], 'ads'],
    ['/members/home', [DRIVER], 'members'],
    ['/members/settings', [INTERNAL_USER], 'members'],
    ['/company/settings/billing', [EMPLOYER], 'company'],
  ])('%s for %j shows the %s group', (path, roles, key) => {
    expect(navGroupFor(path, roles)?.key).toBe(key);
  });

  it("falls back to the user's own portal when the path's group is not theirs", () => {
    expect(navGroupFor('/admin/channels', [NEWS_CONTRIBUTOR])?.key).toBe('news');
    expect(navGroupFor('/news', [ADS_ADMIN])?.key).toBe('ads');
    expect(navGroupFor('/somewhere', [DRIVER])?.key).toBe('members');
    expect(navGroupFor('/company/jobs', [])).toBeUndefined();
  });
});

describe('switcherPortals', () => {
  it('lists portals only when the user reaches two or more', () => {
    expect(switcherPortals([SUPER_ADMIN]).map((p) => p.key)).toEqual(['admin', 'company', 'news', 'ads']);
    expect(switcherPortals([EMPLOYER])).toEqual([]);
    expect(switcherPortals([DRIVER])).toEqual([]);
    expect(switcherPortals([DRIVER, EMPLOYER]).map((p) => p.key)).toEqual(['company', 'members']);
  });
});

describe('activeItem', () => {
  const items = [
    { label: 'Create New Job', href: '/company/jobs/new', icon: 'plus' },
    { label: 'Posted Jobs', href: '/company/jobs', icon: 'briefcase' },
    { label: 'Recommend', action: 'recommend' as const, icon: 'share' },
  ];
  it('picks the longest matching href', () => {
    expect(activeItem('/company/jobs', items)?.label).toBe('Posted Jobs');
    expect(activeItem('/company/jobs/12/detail', items)?.label).toBe('Posted Jobs');
    expect(activeItem('/company/jobs/new/addons', items)?.label).toBe('Create New Job');
    expect(activeItem('/company/jobsearch', items)).toBeUndefined();
  });
});

describe('layoutGuardFor: the union of the page guards under a portal', () => {
  it('lets the admin layout hold /admin/channels for the news roles', () => {
    const guard = layoutGuardFor('admin');
    for (const r of [SUPER_ADMIN, ADMIN, NEWS_ADMIN, NEWS_CONTRIBUTOR]) expect(allows(guard, [r], true)).toBe(true);
    for (const r of [DRIVER, EMPLOYER, INTERNAL_USER, ADS_ADMIN]) expect(allows(guard, [r], true)).toBe(false);
  });

  it('matches the portal guards elsewhere', () => {
    expect(allows(layoutGuardFor('members'), [DRIVER], true)).toBe(true);
    expect(allows(layoutGuardFor('members'), [EMPLOYER], true)).toBe(false);
    expect(allows(layoutGuardFor('ads'), [ADS_ADMIN], true)).toBe(true);
    expect(allows(layoutGuardFor('ads'), [NEWS_ADMIN], true)).toBe(false);
    expect(allows(layoutGuardFor('company'), [EMPLOYER], true)).toBe(true);
    expect(allows(layoutGuardFor('company'), [DRIVER], true)).toBe(false);
    expect(allows(layoutGuardFor('news'), [ADS_ADMIN], true)).toBe(true);
    expect(allows(layoutGuardFor('news'), [DRIVER], true)).toBe(false);
  });
});

describe('safeCallbackUrl', () => {
  it('keeps same-origin paths with their query', () => {
    expect(safeCallbackUrl('/company/jobs?page=2')).toBe('/company/jobs?page=2');
    expect(safeCallbackUrl('/admin/company-list')).toBe('/admin/company-list');
  });
  it.each(['https://evil.test/', '//evil.test/x', '/\\evil.test', 'javascript:alert(1)', '', null, undefined, '/login', '/', '/logout', '/api/v1.0/auth/logout', '/x\n/y'])(
    'rejects %p',
    (value) => {
      expect(safeCallbackUrl(value as string | null | undefined)).toBeNull();
    },
  );
});

describe('navItemsFor: the nav shows only what the role can open (issue 9, item 13)', () => {
  const labels = (path: string, roles: string[]) => navItemsFor(navGroupFor(path, roles), roles).map((i) => i.label);

  it('gives an internal user no company Settings link (its page refuses them)', () => {
    expect(labels('/company/jobs', [INTERNAL_USER])).toEqual(['Create New Job', 'Posted Jobs', 'Recommend']);
    expect(labels('/company/jobs', [EMPLOYER])).toContain('Settings');
    expect(labels('/company/jobs', [ADMIN])).toContain('Settings');
  });

  it.each(ALL_ROLES)('%s: every link in every group it sees opens for it', (role) => {
    for (const portal of PORTALS) {
      for (const item of navItemsFor(portal, [role])) if (item.href) expect([portal.key, item.href, allows(pageGuardFor(item.href), [role], true)]).toEqual([portal.key, item.href, true]);
    }
  });
});
