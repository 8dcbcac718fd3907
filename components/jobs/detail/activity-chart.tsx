'use client';

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export type DailyActivity = { day: string; views_public: number; views_portal: number; applications: number };

/** Tick steps for counts: whole numbers only (a day has no half a view). */
export const COUNT_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000, 100000];

/**
 * The count axis runs from 0 (bars of activity start at nothing) to at least 4, so a job with no
 * views yet or one a day shows a flat line on whole-number ticks instead of uPlot's -1..1 or
 * 0.2-steps around it.
 */
export function countRange(max: number | null): [number, number] {
  const top = Math.max(4, Math.ceil(max ?? 0));
  const step = COUNT_STEPS.find((s) => top / s <= 5) ?? COUNT_STEPS[COUNT_STEPS.length - 1];
  return [0, Math.ceil(top / step) * step];
}

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
      axes: [{}, { size: 48, incrs: COUNT_STEPS, values: (_u, ticks) => ticks.map((t) => t.toLocaleString('en-US')) }],
      scales: { x: { time: true }, y: { range: (_u, _min, max) => countRange(max) } },
      // The legend names the two lines; a live one read "Time: -- Views: --" until the chart was touched.
      legend: { live: false },
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
