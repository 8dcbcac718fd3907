import fs from 'node:fs';
import path from 'node:path';
import { ROLES, pageGuardFor, type Role } from '../lib/access';

/** One demo account per role (README); the specs that visit every role's pages go through these. */
export const ACCOUNTS: { email: string; role: Role }[] = [
  { email: 'superadmin@demo.test', role: ROLES.SUPER_ADMIN },
  { email: 'admin@demo.test', role: ROLES.ADMIN },
  { email: 'internal@demo.test', role: ROLES.INTERNAL_USER },
  { email: 'companyadmin@demo.test', role: ROLES.COMPANY_ADMIN },
  { email: 'employer@demo.test', role: ROLES.EMPLOYER },
  { email: 'newsadmin@demo.test', role: ROLES.NEWS_ADMIN },
  { email: 'contributor@demo.test', role: ROLES.NEWS_CONTRIBUTOR },
  { email: 'driver@demo.test', role: ROLES.DRIVER },
  { email: 'adsadmin@demo.test', role: ROLES.ADS_ADMIN },
];

/** Every page.tsx under app/, as its URL path ('(group)' folders dropped), '[id]' kept as a placeholder. */
export function appPages(dir = path.join(__dirname, '../app'), prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isFile()) return e.name === 'page.tsx' ? [prefix || '/'] : [];
    if (!e.isDirectory() || e.name === 'api' || e.name.startsWith('_')) return [];
    const segment = /^\(.*\)$/.test(e.name) ? '' : `/${e.name}`;
    return appPages(path.join(dir, e.name), prefix + segment);
  });
}

/** The pages a role's portals hold: those whose guard names the role. */
export function pagesOf(role: Role): string[] {
  return appPages()
    .filter((p) => {
      const guard = pageGuardFor(p);
      return Array.isArray(guard) && guard.includes(role);
    })
    .sort();
}

/** The pages anyone may open without signing in (the guard says public). */
export function publicPages(): string[] {
  return appPages()
    .filter((p) => pageGuardFor(p) === 'public')
    .sort();
}

/** The pages any signed-in account may open (the guard says authenticated: password, account deletion, company onboarding). */
export function signedInPages(): string[] {
  return appPages()
    .filter((p) => pageGuardFor(p) === 'authenticated')
    .sort();
}
