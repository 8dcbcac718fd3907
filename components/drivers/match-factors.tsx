import type { MatchExplanation } from '@/lib/drivers/match';
import { matchPercent } from './format';

/**
 * Why a job matches: the named factors of lib/drivers/match.ts, each with its weight and whether
 * it is met. The employer's candidate cards show the same list.
 */
export function MatchFactors({ match, title = 'Why this match' }: { match: MatchExplanation; title?: string }) {
  return (
    <section aria-label={title}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
        <p className="text-2xl font-bold text-brand-700">{matchPercent(match.matching)}%</p>
      </div>
      <ul className="mt-3 space-y-2">
        {match.factors.map((f) => (
          <li key={f.key} className="flex items-center justify-between gap-3 text-sm">
            <span className="flex items-center gap-2">
              <span
                aria-hidden
                className={`grid size-5 place-items-center rounded-full text-xs font-bold ${f.met ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
              >
                {f.met ? '✓' : '–'}
              </span>
              <span className={f.met ? 'text-slate-900' : 'text-slate-500'}>
                {f.label}
                <span className="sr-only">{f.met ? ': met' : ': not met'}</span>
              </span>
            </span>
            <span className="text-xs text-slate-500">{f.weight} pts</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
