import { clsx } from 'clsx';

const RULES: { label: string; test: (v: string) => boolean }[] = [
  { label: '8 to 64 characters', test: (v) => v.length >= 8 && v.length <= 64 },
  { label: 'A number', test: (v) => /\d/.test(v) },
  { label: 'An uppercase and a lowercase letter', test: (v) => /[A-Z]/.test(v) && /[a-z]/.test(v) },
  { label: 'A symbol, such as @$!#%*?&', test: (v) => /[^A-Za-z0-9\s]/.test(v) },
];

/** A live checklist of the password rules under a new-password field. */
export function PasswordRules({ value, id }: { value: string; id?: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
      {RULES.map((rule) => {
        const ok = rule.test(value);
        return (
          <li key={rule.label} className={clsx('flex items-center gap-1.5', ok ? 'text-emerald-700' : 'text-slate-500')}>
            <span aria-hidden className={clsx('grid size-4 place-items-center rounded-full text-[10px] font-bold', ok ? 'bg-emerald-100' : 'bg-slate-100')}>
              {ok ? '✓' : '•'}
            </span>
            {rule.label}
            <span className="sr-only">{ok ? '(done)' : '(to do)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
