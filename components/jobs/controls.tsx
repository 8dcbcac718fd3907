import { clsx } from 'clsx';
import Link from 'next/link';
import { forwardRef, useId } from 'react';

/** Form controls of the job screens that components/ui does not have: select, textarea, money, checkbox group, section. */

const INPUT =
  'w-full rounded-lg border bg-white px-3 py-2.5 text-sm shadow-sm outline-none transition focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500';
const inputState = (error?: string) => (error ? 'border-red-400 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100');

function Message({ id, error, hint }: { id: string; error?: string; hint?: React.ReactNode }) {
  if (error)
    return (
      <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {hint}
      </p>
    );
  return null;
}

const describedBy = (id: string, error?: string, hint?: React.ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

function Label({ htmlFor, children, optional }: { htmlFor: string; children: React.ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
      {children}
      {optional && <span className="ml-1 font-normal text-slate-500">(optional)</span>}
    </label>
  );
}

type SelectProps = React.SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string;
  hint?: React.ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  optional?: boolean;
};

export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, error, hint, options, placeholder, optional, className, id, ...props },
  ref,
) {
  const auto = useId();
  const selectId = id ?? auto;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <Label htmlFor={selectId} optional={optional}>
        {label}
      </Label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={clsx(
          INPUT,
          inputState(error),
          'appearance-none bg-[length:1.1rem] bg-[right_0.6rem_center] bg-no-repeat pr-9',
          // The placeholder choice looks like a placeholder.
          "[&:has(option[value='']:checked)]:text-slate-500 [&>option]:text-slate-900",
          SELECT_ARROW,
        )}
        {...props}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Message id={selectId} error={error} hint={hint} />
    </div>
  );
});

const SELECT_ARROW =
  "bg-[url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' fill='%2364748b'%3E%3Cpath fill-rule='evenodd' d='M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z' clip-rule='evenodd'/%3E%3C/svg%3E\")]";

type TextProps = React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: React.ReactNode; optional?: boolean; prefix?: string };

/** A text input with an optional leading symbol ('$'). */
export const TextField = forwardRef<HTMLInputElement, TextProps>(function TextField({ label, error, hint, optional, prefix, className, id, ...props }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <Label htmlFor={inputId} optional={optional}>
        {label}
      </Label>
      <div className="relative">
        {prefix && <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500">{prefix}</span>}
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          className={clsx(INPUT, inputState(error), prefix && 'pl-7')}
          {...props}
        />
      </div>
      <Message id={inputId} error={error} hint={hint} />
    </div>
  );
});

/** Amount input: '$' prefix, decimal keyboard on phones, no spinner. */
export const MoneyField = forwardRef<HTMLInputElement, Omit<TextProps, 'prefix' | 'type'>>(function MoneyField(props, ref) {
  return <TextField ref={ref} prefix="$" type="text" inputMode="decimal" autoComplete="off" placeholder="0.00" {...props} />;
});

type CheckboxGroupProps = {
  legend: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (next: string[]) => void;
  hint?: React.ReactNode;
  columns?: 2 | 3 | 4;
};

/** Checkbox cards in a fieldset: each is a real checkbox, the whole card is its label. */
export function CheckboxGroup({ legend, options, value, onChange, hint, columns = 2 }: CheckboxGroupProps) {
  const toggle = (v: string, on: boolean) => onChange(on ? [...value, v] : value.filter((x) => x !== v));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
      {hint && <p className="-mt-1 mb-1 text-xs text-slate-500">{hint}</p>}
      <div className={clsx('grid grid-cols-2 gap-2', { 2: '', 3: 'sm:grid-cols-3', 4: 'lg:grid-cols-4' }[columns])}>
        {options.map((o) => {
          const checked = value.includes(o.value);
          return (
            <label
              key={o.value}
              className={clsx(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200',
                checked ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
              )}
            >
              <input type="checkbox" className="size-4 accent-brand-600" checked={checked} onChange={(e) => toggle(o.value, e.target.checked)} />
              {o.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

type TextAreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: React.ReactNode; optional?: boolean };

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField({ label, error, hint, optional, className, id, ...props }, ref) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className={clsx('flex flex-col gap-1', className)}>
      <Label htmlFor={inputId} optional={optional}>
        {label}
      </Label>
      <textarea
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={clsx(INPUT, inputState(error), 'min-h-20')}
        {...props}
      />
      <Message id={inputId} error={error} hint={hint} />
    </div>
  );
});

/** A titled card grouping related fields. */
export function Section({ title, description, children, aside }: { title: string; description?: string; children: React.ReactNode; aside?: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {description && <p className="mt-0.5 text-sm text-slate-500">{description}</p>}
        </div>
        {aside}
      </div>
      <div className="flex flex-col gap-5">{children}</div>
    </section>
  );
}

const LINK_VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

/** A link that looks like a Button (navigation should be a link, not a button). */
export function LinkButton({
  href,
  variant = 'primary',
  className,
  children,
  ...props
}: React.ComponentProps<typeof Link> & { variant?: keyof typeof LINK_VARIANTS }) {
  return (
    <Link
      href={href}
      className={clsx('inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition', LINK_VARIANTS[variant], className)}
      {...props}
    >
      {children}
    </Link>
  );
}
