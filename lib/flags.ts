import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { FLAG_COOKIE, parseFlagCookie, resolveFlags, type Flag, type Flags } from './flag-overrides';

export { FLAGS, type Flag, type Flags } from './flag-overrides';

/**
 * The feature flags for this request, read on the server so a page renders the right thing on its
 * first paint (no flash). A query override such as `?newLayout=true` is copied into the session
 * cookie by the proxy before the page renders, so it already counts on that first request.
 *
 *   if (!(await flagOn('channels'))) notFound();
 */
export const currentFlags = cache(async (): Promise<Flags> => {
  const jar = await cookies();
  return resolveFlags(parseFlagCookie(jar.get(FLAG_COOKIE)?.value));
});

export async function flagOn(flag: Flag): Promise<boolean> {
  return (await currentFlags())[flag];
}
