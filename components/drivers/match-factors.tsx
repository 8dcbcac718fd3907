import type { MatchExplanation, MatchFactorKey } from '@/lib/drivers/match';
import { matchPercent } from './format';

/**
 * Why a job matches: the named factors of lib/drivers/match.ts, each with its weight and whether
 * it is met, and (where given: lib/drivers/match-details.ts) why. The employer's candidate cards
 * show the same list.
 */
export function MatchFactors({ match, details, title = 'Why this match' }: { match: MatchExplanation; details?: Record<MatchFactorKey, string>; title?: string }) {
  return (
    <section aria-label={title}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
        <p className="text-2xl font-bold text-brand-700">{matchPercent(match.matching)}%</p>
      </div>
      <ul className="mt-3 space-y-2">
        {match.factors.map((f) => (
          <li key={f.key} className="flex items-start justify-between gap-3 text-sm">
            <span className="flex items-start gap-2">
              <span
                aria-hidden
                className={`grid size-5 shrink-0 place-items-center rounded-full text-xs font-bold ${f.met ? 'bg-emerald-100 text-emerald-700' : 'bg-slate-100 text-slate-600'}`}
              >
                {f.met ? '✓' : '–'}
              </span>
              <span>
                <span className={f.met ? 'text-slate-900' : 'text-slate-600'}>
                  {f.label}
                  <span className="sr-only">{f.met ? ': met' : ': not met'}</span>
                </span>
                {details && <span className="block text-xs text-slate-600">{details[f.key]}</span>}
              </span>
            </span>
            <span className="shrink-0 text-xs text-slate-500">{f.weight} pts</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
