'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { Spinner } from '@/components/ui/states';

type Day = { day: string; impressions: number; clicks: number };

/** Impressions (bars) and clicks (dots) per day for the last 30 days, with the numbers as a table for screen readers. */
export function DailyChart({ adId }: { adId: number }) {
  const [days, setDays] = useState<Day[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<{ days: Day[] }>(`/ads/${adId}/daily`)
      .then((r) => setDays(r.data.days))
      .catch(() => setFailed(true));
  }, [adId]);
  if (failed) return <p className="text-sm text-red-600">The daily counts could not be loaded.</p>;
  if (!days) return <Spinner label="Loading daily counts" />;
  const max = Math.max(1, ...days.map((d) => d.impressions));
  const W = 600;
  const H = 160;
  const step = W / days.length;
  return (
    <figure className="flex flex-col gap-2">
      <svg viewBox={`0 0 ${W} ${H + 20}`} className="w-full" role="img" aria-label={`Impressions and clicks per day, ${days[0].day} to ${days.at(-1)!.day}`}>
        {days.map((d, i) => {
          const h = (d.impressions / max) * H;
          const c = (d.clicks / max) * H;
          return (
            <g key={d.day}>
              <rect x={i * step + 2} y={H - h} width={step - 4} height={h} className="fill-brand-300" />
              {d.clicks > 0 && <circle cx={i * step + step / 2} cy={H - c} r={3.5} className="fill-amber-500" />}
              {i % 7 === 0 && (
                <text x={i * step + 2} y={H + 15} className="fill-slate-500 text-[10px]">
                  {d.day.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex gap-4 text-xs text-slate-600">
        <span className="flex items-center gap-1"><span className="size-2.5 rounded-sm bg-brand-300" aria-hidden /> Impressions</span>
        <span className="flex items-center gap-1"><span className="size-2.5 rounded-full bg-amber-500" aria-hidden /> Clicks</span>
        <span>Total: {days.reduce((s, d) => s + d.impressions, 0)} impressions, {days.reduce((s, d) => s + d.clicks, 0)} clicks</span>
      </figcaption>
      <table className="sr-only">
        <caption>Daily counts</caption>
        <thead>
          <tr><th>Day</th><th>Impressions</th><th>Clicks</th></tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}><td>{d.day}</td><td>{d.impressions}</td><td>{d.clicks}</td></tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
