/**
 * THE role table (accounts spec §6, jobs spec §2 and §6). The proxy, every layout, every API
 * handler, the navigation and the access-control matrix test read it; nothing else decides access.
 */

export const ROLES = {
  SUPER_ADMIN: '160SuperAdmin',
  ADMIN: '160Admin',
  INTERNAL_USER: '160InternalUser',
  COMPANY_ADMIN: 'TNCompanyAdmin',
  EMPLOYER: 'Employer',
  NEWS_ADMIN: 'NewsAdmin',
  NEWS_CONTRIBUTOR: 'NewsContributor',
  DRIVER: 'Driver',
  ADS_ADMIN: 'AdsAdmin',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ALL_ROLES = Object.values(ROLES) as Role[];

const { SUPER_ADMIN, ADMIN, INTERNAL_USER, COMPANY_ADMIN, EMPLOYER, NEWS_ADMIN, NEWS_CONTRIBUTOR, DRIVER, ADS_ADMIN } = ROLES;

export const ROLE_LABELS: Record<Role, string> = {
  [SUPER_ADMIN]: 'Super admin',
  [ADMIN]: 'Admin',
  [INTERNAL_USER]: 'Internal user',
  [COMPANY_ADMIN]: 'Company admin',
  [EMPLOYER]: 'Company user',
  [NEWS_ADMIN]: 'News admin',
  [NEWS_CONTRIBUTOR]: 'News contributor',
  [DRIVER]: 'Driver',
  [ADS_ADMIN]: 'Ads admin',
};

export const ADMIN_ROLES: readonly Role[] = [SUPER_ADMIN, ADMIN];
/** Roles that belong to a company: holding one without a company sends the user to company info. */
export const COMPANY_MEMBER_ROLES: readonly Role[] = [COMPANY_ADMIN, EMPLOYER];

/** Token claim rid: 1 admin, 2 member, 3 employer (accounts spec §3). */
export function roleIdFor(roles: readonly Role[]): 1 | 2 | 3 {
  if (roles.some((r) => ADMIN_ROLES.includes(r))) return 1;
  if (roles.includes(DRIVER) && !roles.some((r) => r !== DRIVER)) return 2;
  return 3;
}

export type NavItem = { label: string; href?: string; action?: 'recommend'; icon: string };

export type PortalKey = 'admin' | 'company' | 'news' | 'members' | 'ads';

export type Portal = {
  key: PortalKey;
  label: string;
  /** Where the portal opens. */
  home: string;
  /** Path prefix that selects this portal's navigation. */
  prefix: string;
  /** Who can reach the portal (the portal switcher). */
  roles: readonly Role[];
  /** Who sees the portal's navigation group. */
  navRoles: readonly Role[];
  nav: readonly NavItem[];
};

export const PORTALS: readonly Portal[] = [
  {
    key: 'admin',
    label: 'Admin Portal',
    home: '/admin/company-list',
    prefix: '/admin',
    roles: [SUPER_ADMIN, ADMIN],
    navRoles: [SUPER_ADMIN, ADMIN],
    nav: [
      { label: 'Company List', href: '/admin/company-list', icon: 'building' },
      { label: 'User Management', href: '/admin/user-management', icon: 'users' },
    ],
  },
  {
    key: 'company',
    label: 'Company Portal',
    home: '/company/jobs',
    prefix: '/company',
    roles: [SUPER_ADMIN, ADMIN, INTERNAL_USER, COMPANY_ADMIN, EMPLOYER],
    navRoles: [EMPLOYER, INTERNAL_USER, COMPANY_ADMIN, SUPER_ADMIN, ADMIN],
    nav: [
      { label: 'Create New Job', href: '/company/jobs/new', icon: 'plus' },
      { label: 'Posted Jobs', href: '/company/jobs', icon: 'briefcase' },
      { label: 'Recommend', action: 'recommend', icon: 'share' },
      { label: 'Settings', href: '/company/settings', icon: 'settings' },
    ],
  },
  {
    key: 'news',
    label: 'News Portal',
    home: '/news',
    prefix: '/news',
    roles: [SUPER_ADMIN, ADMIN, NEWS_ADMIN, NEWS_CONTRIBUTOR],
    navRoles: [NEWS_ADMIN, NEWS_CONTRIBUTOR, INTERNAL_USER, SUPER_ADMIN, ADMIN],
    nav: [{ label: 'News Channels', href: '/news', icon: 'newspaper' }],
  },
  {
    key: 'members',
    label: 'Drivers Portal',
    home: '/members/home',
    prefix: '/members',
    roles: [DRIVER],
    navRoles: [DRIVER, INTERNAL_USER, SUPER_ADMIN, ADMIN],
    nav: [
      { label: 'Home', href: '/members/home', icon: 'home' },
      { label: 'Find Jobs', href: '/members/jobs', icon: 'truck' },
      { label: 'My Applications', href: '/members/applications', icon: 'briefcase' },
      { label: 'News', href: '/members/news', icon: 'newspaper' },
      { label: 'Recommend', action: 'recommend', icon: 'share' },
      { label: 'Settings', href: '/members/settings', icon: 'settings' },
    ],
  },
  {
    key: 'ads',
    label: 'ADs Portal',
    home: '/ads/manage',
    prefix: '/ads',
    roles: [ADS_ADMIN, SUPER_ADMIN, ADMIN],
    navRoles: [ADS_ADMIN, SUPER_ADMIN, ADMIN],
    nav: [
      { label: 'Manage Ads', href: '/ads/manage', icon: 'megaphone' },
      { label: 'Settings', href: '/ads/settings', icon: 'settings' },
    ],
  },
];

export type Guard = 'public' | 'authenticated' | readonly Role[];

/**
 * Page guards, most specific prefix first. A path under none of them is public. A `*` segment
 * stands for any one segment (an id).
 * /admin/channels is for the news roles only (spec §6), not for admins; so is writing a post, while
 * reading the News Portal is open to staff and the ads admin too.
 */
export const PAGE_GUARDS: readonly { prefix: string; guard: Guard }[] = [
  { prefix: '/admin/channels', guard: [NEWS_ADMIN, NEWS_CONTRIBUTOR] },
  { prefix: '/news/channels/*/new', guard: [NEWS_ADMIN, NEWS_CONTRIBUTOR] },
  /** Mail may hold another person's secrets: only super admins, and only while there is no SMTP server. */
  { prefix: '/admin/outbox', guard: [SUPER_ADMIN] },
  { prefix: '/admin', guard: [SUPER_ADMIN, ADMIN] },
  { prefix: '/company/settings', guard: [EMPLOYER, COMPANY_ADMIN, ADMIN, SUPER_ADMIN] },
  { prefix: '/company', guard: [SUPER_ADMIN, ADMIN, INTERNAL_USER, COMPANY_ADMIN, EMPLOYER] },
  { prefix: '/news', guard: [NEWS_ADMIN, NEWS_CONTRIBUTOR, INTERNAL_USER, SUPER_ADMIN, ADMIN, ADS_ADMIN] },
  { prefix: '/ads', guard: [ADS_ADMIN, SUPER_ADMIN, ADMIN] },
  { prefix: '/members/settings', guard: [DRIVER, SUPER_ADMIN, ADMIN, INTERNAL_USER] },
  { prefix: '/members', guard: [DRIVER, INTERNAL_USER, SUPER_ADMIN, ADMIN] },
  { prefix: '/company-info', guard: 'authenticated' },
  { prefix: '/company-address', guard: 'authenticated' },
  { prefix: '/change-password', guard: 'authenticated' },
  { prefix: '/delete-account', guard: 'authenticated' },
];

/** Paths a company member without a company may still open (everything else sends them to company info). */
export const NO_COMPANY_ALLOWED = ['/company-info', '/company-address', '/change-password', '/delete-account'];

/**
 * API access policies. Every handler under app/api/v1.0 names one of these keys; the
 * access-control matrix test walks every route and checks each role against this table.
 */
export const API_ACCESS = {
  public: 'public',
  authenticated: 'authenticated',
  admin: [SUPER_ADMIN, ADMIN],
  superAdmin: [SUPER_ADMIN],
  companyJobs: [SUPER_ADMIN, ADMIN, INTERNAL_USER, COMPANY_ADMIN, EMPLOYER],
  companySettings: [EMPLOYER, COMPANY_ADMIN, ADMIN, SUPER_ADMIN],
  /**
   * Finding a company by name (the company picker): staff who work for any company, i.e. admins
   * choosing the company in settings, and admins and internal users posting a job for a company.
   */
  companySearch: [SUPER_ADMIN, ADMIN, INTERNAL_USER],
  /** The employer profile is loaded only for company users (spec §6). */
  employer: [EMPLOYER, COMPANY_ADMIN, INTERNAL_USER, SUPER_ADMIN, ADMIN],
  news: [NEWS_ADMIN, NEWS_CONTRIBUTOR, INTERNAL_USER, SUPER_ADMIN, ADMIN, ADS_ADMIN],
  /** Writing news (posts, images, albums): news admins and contributors; what each may edit is checked in lib/news. */
  adminChannels: [NEWS_ADMIN, NEWS_CONTRIBUTOR],
  /** Creating, changing and deactivating news channels. */
  newsAdmin: [NEWS_ADMIN],
  ads: [ADS_ADMIN, SUPER_ADMIN, ADMIN],
  members: [DRIVER, INTERNAL_USER, SUPER_ADMIN, ADMIN],
  drivers: [DRIVER],
  /** Creating one's own company at onboarding (sign-up or fast login gives the Employer role first). */
  companyOnboarding: [EMPLOYER, COMPANY_ADMIN],
} as const satisfies Record<string, Guard>;

export type ApiAccess = keyof typeof API_ACCESS;

export function allows(guard: Guard, roles: readonly string[] | undefined, signedIn: boolean): boolean {
  if (guard === 'public') return true;
  if (!signedIn) return false;
  if (guard === 'authenticated') return true;
  return (roles ?? []).some((r) => (guard as readonly string[]).includes(r));
}

/** Whether a path is the prefix or below it; a `*` segment of the prefix matches any one segment. */
function underPrefix(pathname: string, prefix: string) {
  if (!prefix.includes('*')) return pathname === prefix || pathname.startsWith(prefix + '/');
  const want = prefix.split('/');
  const have = pathname.split('/');
  return have.length >= want.length && want.every((segment, i) => segment === '*' ? have[i] !== '' : segment === have[i]);
}

export function pageGuardFor(pathname: string): Guard {
  const hit = PAGE_GUARDS.find((g) => underPrefix(pathname, g.prefix));
  return hit ? hit.guard : 'public';
}

export function hasAny(roles: readonly string[] | undefined, wanted: readonly Role[]) {
  return (roles ?? []).some((r) => wanted.includes(r as Role));
}

/** Post-login landing by role (accounts spec §2). */
export function landingFor(roles: readonly string[], companyId: number | null | undefined): string {
  if (hasAny(roles, [SUPER_ADMIN, ADMIN])) return '/admin/company-list';
  if (hasAny(roles, [NEWS_ADMIN, NEWS_CONTRIBUTOR])) return '/news';
  if (hasAny(roles, [ADS_ADMIN])) return '/ads/manage';
  if (hasAny(roles, [INTERNAL_USER, COMPANY_ADMIN, EMPLOYER])) {
    if (needsCompany(roles, companyId)) return '/company-info';
    return '/company/jobs';
  }
  return '/members/home';
}

/**
 * The driver-to-company path (fast login with create_role) may add the Employer role only to a
 * driver: an account whose roles are Driver alone, or none at all (the spec sends a missing roles
 * list to fast login too). Staff, news and ads accounts must never gain a company role this way.
 */
export function mayTurnDriverIntoEmployer(roles: readonly string[]) {
  return roles.every((r) => r === DRIVER);
}

/**
 * The roles an admin acting as a company user holds: the company ones only. Impersonation is for
 * helping with a company's work; a company user who is also a driver keeps the Drivers Portal (their
 * profile, applications and applying) to themselves, and any other role stays with its holder too.
 */
export function rolesWhileImpersonating(roles: readonly string[]): Role[] {
  return roles.filter((r): r is Role => COMPANY_MEMBER_ROLES.includes(r as Role));
}

export function needsCompany(roles: readonly string[], companyId: number | null | undefined) {
  return !companyId && hasAny(roles, COMPANY_MEMBER_ROLES) && !hasAny(roles, [SUPER_ADMIN, ADMIN, INTERNAL_USER]);
}

export function portalsFor(roles: readonly string[]): Portal[] {
  return PORTALS.filter((p) => hasAny(roles, p.roles));
}

export function portalForPath(pathname: string): Portal | undefined {
  return PORTALS.find((p) => pathname === p.prefix || pathname.startsWith(p.prefix + '/'));
}
