'use client';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type DailyActivity = { day: string; views_public: number; views_portal: number; applications: number };

/**
 * Views and applications per day (uPlot: small, canvas-drawn). Loaded through next/dynamic by the
 * job detail only, so no other screen ships it.
 */
export default function ActivityChart({ daily }: { daily: DailyActivity[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = daily.map((d) => Date.parse(`${d.day}T12:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [x, daily.map((d) => d.views_public + d.views_portal), daily.map((d) => d.applications)];
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height: 220,
      series: [
        {},
        { label: 'Views', stroke: '#2563eb', width: 2, fill: 'rgba(37,99,235,0.08)' },
        { label: 'Applications', stroke: '#059669', width: 2 },
      ],
      axes: [{}, { size: 40 }],
      scales: { x: { time: true } },
    };
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily]);
  return <div ref={box} className="w-full" role="img" aria-label="Views and applications per day over the last 30 days" />;
}
