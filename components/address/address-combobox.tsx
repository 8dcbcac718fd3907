'use client';

import { clsx } from 'clsx';
import { useId, useState } from 'react';
import { typedBeforeHydration } from '@/lib/forms/server-rendered-fields';

export type AddressOption = { id: string; description: string; primary: string; secondary: string; terms?: string[] };

type Props = {
  id?: string;
  label: string;
  name?: string;
  text: string;
  onTextChange: (text: string) => void;
  options: AddressOption[];
  loading: boolean;
  onPick: (option: AddressOption) => void;
  /** A choice is locked in: shows a check and a clear button. */
  chosen: boolean;
  onClear: () => void;
  error?: string | null;
  hint?: string;
  placeholder?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  onBlur?: () => void;
  inputRef?: (el: HTMLInputElement | null) => void;
};

/** Suggestions appear from this many characters on. */
export const MIN_QUERY = 2;

/**
 * The address text box with its suggestion list: the ARIA 1.2 combobox pattern (list autocomplete,
 * aria-activedescendant). Up and Down move, Enter picks, Escape closes the list, then clears.
 */
export function AddressCombobox({ inputRef, onTextChange, onPick, onClear, onBlur, ...props }: Props) {
  const { label, text, options, loading, chosen, error, hint } = props;
  const auto = useId();
  const inputId = props.id ?? `${auto}-input`;
  const listId = `${auto}-list`;
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);

  const searching = text.trim().length >= MIN_QUERY && !chosen;
  const open = focused && !dismissed && searching && (options.length > 0 || (!loading && !error));
  const activeOption = open && active >= 0 ? options[active] : undefined;
  const optionId = (i: number) => `${auto}-option-${i}`;
  const describedBy = [error ? `${inputId}-error` : hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') || undefined;

  // Text typed into the server's HTML before the page hydrated is taken up as if typed now, and a
  // box focused meanwhile counts as focused (an edit page's saved address otherwise came back).
  const ref = (el: HTMLInputElement | null) => {
    const early = el ? typedBeforeHydration(el, text) : undefined;
    if (typeof early === 'string') onTextChange(early);
    if (el && document.activeElement === el && !focused) setFocused(true);
    inputRef?.(el);
  };

  const pick = (option: AddressOption) => {
    setActive(-1);
    setDismissed(true);
    onPick(option);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!options.length) return;
      e.preventDefault();
      setDismissed(false);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : options.length - 1) : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      if (open && activeOption) {
        e.preventDefault();
        pick(activeOption);
      } else if (open && options.length === 1) {
        e.preventDefault();
        pick(options[0]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setDismissed(true);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        onClear();
      }
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <PinIcon className={clsx('pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2', chosen ? 'text-brand-600' : 'text-slate-400')} />
        <input
          ref={ref}
          id={inputId}
          name={props.name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={props.placeholder}
          disabled={props.disabled}
          autoFocus={props.autoFocus}
          value={text}
          onChange={(e) => {
            setDismissed(false);
            setActive(-1);
            onTextChange(e.target.value);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => {
            setFocused(false);
            setActive(-1);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          className={clsx(
            'w-full rounded-lg border bg-white py-2.5 pl-9 pr-10 text-sm shadow-sm outline-none transition focus:ring-2',
            error ? 'border-red-400 focus:ring-red-200' : chosen ? 'border-brand-500 focus:ring-brand-100' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
          )}
        />
        <span className="absolute right-2 top-1/2 flex -translate-y-1/2 items-center">
          {loading && searching ? (
            <span className="mr-1 size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
          ) : text ? (
            <button
              type="button"
              onClick={onClear}
              className="rounded-md p-1 text-slate-400 transition hover:bg-slate-100 hover:text-slate-600"
              aria-label="Clear the address"
            >
              <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden>
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          ) : null}
        </span>
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!open}
          className="absolute inset-x-0 top-full z-30 mt-1.5 max-h-80 overflow-auto rounded-xl border border-slate-200 bg-white p-1 shadow-xl shadow-slate-900/10"
        >
          {options.map((o, i) => (
            <li
              key={o.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => pick(o)}
              className={clsx('flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5', i === active ? 'bg-brand-50' : 'hover:bg-slate-50')}
            >
              <PinIcon className={clsx('mt-0.5 size-4 shrink-0', i === active ? 'text-brand-600' : 'text-slate-400')} />
              <span className="min-w-0">
                <span className="block truncate text-sm text-slate-900">
                  <Highlighted text={o.primary} typed={text} />
                </span>
                {o.secondary && <span className="block truncate text-xs text-slate-600">{o.secondary}</span>}
              </span>
            </li>
          ))}
          {!options.length && !loading && (
            <li role="presentation" className="px-3 py-3 text-sm text-slate-500">
              No US address, city or ZIP code matches “{text.trim()}”.
            </li>
          )}
        </ul>
      </div>
      <span className="sr-only" aria-live="polite">
        {open ? `${options.length} suggestion${options.length === 1 ? '' : 's'} available.` : ''}
      </span>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The typed start of a suggestion in bold, the way search boxes show what matched. */
function Highlighted({ text, typed }: { text: string; typed: string }) {
  const words = typed.split(',')[0].trim().toLowerCase();
  const n = words && text.toLowerCase().startsWith(words) ? words.length : 0;
  if (!n) return <span className="font-medium">{text}</span>;
  return (
    <>
      <strong className="font-semibold">{text.slice(0, n)}</strong>
      {text.slice(n)}
    </>
  );
}

export function PinIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden>
      <path
        fillRule="evenodd"
        d="m9.69 18.93.01.01a.75.75 0 0 0 .6 0l.01-.01.03-.01a13.6 13.6 0 0 0 1.45-.87 16.4 16.4 0 0 0 2.94-2.6C16.46 13.57 18 11.1 18 8A8 8 0 1 0 2 8c0 3.1 1.54 5.57 3.27 7.46a16.4 16.4 0 0 0 4.39 3.47l.03.01ZM10 11.25a3.25 3.25 0 1 0 0-6.5 3.25 3.25 0 0 0 0 6.5Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
