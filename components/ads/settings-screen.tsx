import Link from 'next/link';
import { PageHeader } from '@/components/ui/states';
import type { AdSettingsView } from '@/lib/ads/settings-types';
import { AdSettingsForm } from './settings-form';

const PARTS = {
  general: { href: '/ads/settings', title: 'Settings', subtitle: 'Where ads appear, how many a page shows, and how often a viewer may see the same one.' },
  home: { href: '/ads/settings/home', title: 'Home rotation', subtitle: 'How the ads on the Drivers Portal home take turns.' },
} as const;

/** /ads/settings and /ads/settings/home: a tab-like link pair over the part's form. */
export function AdSettingsScreen({ part, settings }: { part: keyof typeof PARTS; settings: AdSettingsView }) {
  return (
    <>
      <PageHeader title={PARTS[part].title} subtitle={PARTS[part].subtitle} />
      <nav aria-label="Settings sections" className="mb-4 flex gap-4 text-sm font-medium">
        {(Object.keys(PARTS) as (keyof typeof PARTS)[]).map((p) => (
          <Link key={p} href={PARTS[p].href} aria-current={p === part ? 'page' : undefined} className="text-brand-700 hover:underline aria-[current=page]:underline">
            {p === 'general' ? 'General' : 'Home rotation'}
          </Link>
        ))}
      </nav>
      <AdSettingsForm initial={settings} part={part} />
    </>
  );
}
