'use client';

import { useState } from 'react';
import { DEFAULT_COMPANY_LOGO } from '@/lib/companies/brand';

/** A company logo at one of its display sizes; no logo, or one that fails to load, shows the default logo. */
export function CompanyLogo({ src, name, width, height }: { src: string | null; name: string; width: number; height: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const shown = src && failed !== src ? src : DEFAULT_COMPANY_LOGO;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our own logo route (already the display size) or the static default
    <img
      src={shown}
      alt={shown === DEFAULT_COMPANY_LOGO ? `${name} (default logo)` : `${name} logo`}
      width={width}
      height={height}
      onError={() => setFailed(src)}
      className="rounded border border-slate-200 bg-white object-contain"
      style={{ width, maxWidth: '100%', height: 'auto', aspectRatio: `${width} / ${height}` }}
    />
  );
}
