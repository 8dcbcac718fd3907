import { ALL_ROLES, PORTALS, ROLES, landingFor, needsCompany, pageGuardFor, portalForPath, portalsFor, roleIdFor } from '@/lib/access';

const { SUPER_ADMIN, ADMIN, INTERNAL_USER, COMPANY_ADMIN, EMPLOYER, NEWS_ADMIN, NEWS_CONTRIBUTOR, DRIVER, ADS_ADMIN } = ROLES;

describe('landingFor (spec §2 post-login landing by role)', () => {
  it.each([
    [SUPER_ADMIN, '/admin/company-list'],
    [ADMIN, '/admin/company-list'],
    [INTERNAL_USER, '/company/jobs'],
    [COMPANY_ADMIN, '/company/jobs'],
    [EMPLOYER, '/company/jobs'],
    [NEWS_ADMIN, '/news'],
    [NEWS_CONTRIBUTOR, '/news'],
    [ADS_ADMIN, '/ads/manage'],
    [DRIVER, '/members/home'],
  ])('%s with a company lands on %s', (role, path) => {
    expect(landingFor([role], 7)).toBe(path);
  });

  it('sends a company role without a company to company info, but not an internal user', () => {
    expect(landingFor([EMPLOYER], null)).toBe('/company-info');
    expect(landingFor([COMPANY_ADMIN], undefined)).toBe('/company-info');
    expect(landingFor([INTERNAL_USER], null)).toBe('/company/jobs');
  });

  it('prefers the admin landing over the others and sends an unknown role to members', () => {
    expect(landingFor([DRIVER, ADMIN], null)).toBe('/admin/company-list');
    expect(landingFor([NEWS_ADMIN, ADS_ADMIN], null)).toBe('/news');
    expect(landingFor([], null)).toBe('/members/home');
    expect(landingFor(['Stranger'], null)).toBe('/members/home');
  });

  it('lands a driver who became an employer on company info until the company exists', () => {
    expect(landingFor([DRIVER, EMPLOYER], null)).toBe('/company-info');
    expect(landingFor([DRIVER, EMPLOYER], 3)).toBe('/company/jobs');
  });
});

describe('needsCompany', () => {
  it('is true only for company members without a company', () => {
    expect(needsCompany([EMPLOYER], null)).toBe(true);
    expect(needsCompany([COMPANY_ADMIN], 0)).toBe(true);
    expect(needsCompany([EMPLOYER], 4)).toBe(false);
    expect(needsCompany([DRIVER], null)).toBe(false);
    expect(needsCompany([EMPLOYER, ADMIN], null)).toBe(false);
    expect(needsCompany([EMPLOYER, SUPER_ADMIN], null)).toBe(false);
    expect(needsCompany([COMPANY_ADMIN, INTERNAL_USER], null)).toBe(false);
  });
});

describe('pageGuardFor (spec §6 route guards)', () => {
  it.each([
    ['/admin/company-list', [SUPER_ADMIN, ADMIN]],
    ['/admin/user-management/drivers', [SUPER_ADMIN, ADMIN]],
    ['/admin/channels', [NEWS_ADMIN, NEWS_CONTRIBUTOR]],
    ['/admin/channels/5', [NEWS_ADMIN, NEWS_CONTRIBUTOR]],
    ['/company/jobs', [SUPER_ADMIN, ADMIN, INTERNAL_USER, COMPANY_ADMIN, EMPLOYER]],
    ['/company/settings/billing', [EMPLOYER, COMPANY_ADMIN, ADMIN, SUPER_ADMIN]],
    ['/news', [NEWS_ADMIN, NEWS_CONTRIBUTOR, INTERNAL_USER, SUPER_ADMIN, ADMIN, ADS_ADMIN]],
    ['/news/channels/7', [NEWS_ADMIN, NEWS_CONTRIBUTOR, INTERNAL_USER, SUPER_ADMIN, ADMIN, ADS_ADMIN]],
    // Writing a post is the news roles' own: the page checks the same (app/(news)/news/channels/[id]/new).
    ['/news/channels/7/new', [NEWS_ADMIN, NEWS_CONTRIBUTOR]],
    ['/ads/manage', [ADS_ADMIN, SUPER_ADMIN, ADMIN]],
    ['/members/settings', [DRIVER, SUPER_ADMIN, ADMIN, INTERNAL_USER]],
    ['/members/home', [DRIVER, INTERNAL_USER, SUPER_ADMIN, ADMIN]],
  ])('%s needs one of %j', (path, roles) => {
    expect([...(pageGuardFor(path) as string[])].sort()).toEqual([...roles].sort());
  });

  it('keeps the account screens public and the company steps for any signed-in user', () => {
    for (const p of ['/', '/login', '/signup', '/forgot-password', '/reset-code', '/fast-login', '/deleted-members']) expect(pageGuardFor(p)).toBe('public');
    for (const p of ['/company-info', '/company-address', '/change-password', '/delete-account']) expect(pageGuardFor(p)).toBe('authenticated');
  });

  it('does not match a prefix in the middle of a word, and a * segment only stands for a whole, non-empty segment', () => {
    expect(pageGuardFor('/news/channels//new')).toEqual(pageGuardFor('/news'));
    expect(pageGuardFor('/news/channels/7/newer')).toEqual(pageGuardFor('/news'));
    expect(pageGuardFor('/administrator')).toBe('public');
    expect(pageGuardFor('/newsletter')).toBe('public');
    expect(pageGuardFor('/company-info')).toBe('authenticated');
  });
});

describe('portalsFor (the portal switcher) and portalForPath', () => {
  const keys = (roles: string[]) => portalsFor(roles).map((p) => p.key);

  it.each([
    [SUPER_ADMIN, ['admin', 'company', 'news', 'ads']],
    [ADMIN, ['admin', 'company', 'news', 'ads']],
    [INTERNAL_USER, ['company']],
    [COMPANY_ADMIN, ['company']],
    [EMPLOYER, ['company']],
    [NEWS_ADMIN, ['news']],
    [NEWS_CONTRIBUTOR, ['news']],
    [DRIVER, ['members']],
    [ADS_ADMIN, ['ads']],
  ])('%s reaches %j', (role, expected) => {
    expect(keys([role])).toEqual(expected);
  });

  it('combines the portals of several roles', () => {
    expect(keys([DRIVER, EMPLOYER])).toEqual(['company', 'members']);
    expect(keys([])).toEqual([]);
  });

  it('finds the portal of a path by its prefix', () => {
    expect(portalForPath('/company/jobs/12/detail')?.key).toBe('company');
    expect(portalForPath('/members')?.key).toBe('members');
    expect(portalForPath('/company-info')).toBeUndefined();
    expect(portalForPath('/login')).toBeUndefined();
  });

  it('lists the spec §2 navigation items for every portal', () => {
    const nav = Object.fromEntries(PORTALS.map((p) => [p.key, p.nav.map((i) => i.label)]));
    expect(nav).toEqual({
      admin: ['Company List', 'User Management'],
      company: ['Create New Job', 'Posted Jobs', 'Recommend', 'Settings'],
      news: ['News Channels'],
      // News: the Drivers Portal's News section (issue 13).
      members: ['Home', 'Find Jobs', 'My Applications', 'News', 'Recommend', 'Settings'], // issue 10 adds the driver's job search and applications
      ads: ['Manage Ads', 'Settings'],
    });
  });
});

describe('roleIdFor (token claim rid)', () => {
  it('gives 1 to admins, 2 to drivers only and 3 to everyone else', () => {
    expect(roleIdFor([SUPER_ADMIN])).toBe(1);
    expect(roleIdFor([ADMIN, DRIVER])).toBe(1);
    expect(roleIdFor([DRIVER])).toBe(2);
    expect(roleIdFor([DRIVER, EMPLOYER])).toBe(3);
    for (const r of ALL_ROLES.filter((r) => r !== SUPER_ADMIN && r !== ADMIN && r !== DRIVER)) expect(roleIdFor([r])).toBe(3);
  });
});
