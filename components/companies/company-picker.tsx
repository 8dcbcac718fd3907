'use client';

import { clsx } from 'clsx';
import { useEffect, useId, useState } from 'react';
import { Spinner } from '@/components/ui/states';
import { errorMessage } from '@/lib/api/client';
import { useCompanySearch, type CompanyChoice } from '@/lib/companies/hooks';

const SEARCH_DELAY_MS = 250;

export const companyLabel = (c: CompanyChoice) => [c.company_name, [c.city, c.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ');

function useDebounced(value: string) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

type Props = {
  value: CompanyChoice | null;
  onChange: (company: CompanyChoice) => void;
  label?: string;
  hint?: string;
  autoFocus?: boolean;
};

/**
 * A searchable company picker (combobox) for staff who act for any company: type part of a name or
 * city, pick one of the matches (GET /companies?search=). Arrow keys move, Enter picks, Escape closes.
 */
export function CompanyPicker({ value, onChange, label = 'Company', hint, autoFocus }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(text.trim());
  const results = useCompanySearch(search, open);
  const options = results.data ?? [];

  const pick = (company: CompanyChoice) => {
    onChange(company);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length) setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  const listId = `${id}-list`;
  const listShown = open && !results.isError && !results.isPending && options.length > 0;
  return (
    <div className="relative flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={listShown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${id}-opt-${options[active].id}` : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={value ? companyLabel(value) : 'Search by company name or city'}
        value={open ? text : value ? companyLabel(value) : text}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {open && !listShown && (
        // Not options: a listbox may hold only options, so the state of the search is a status beside it.
        <div role="status" className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {results.isError ? (
            <p className="px-3 py-2 text-sm text-red-600">{errorMessage(results.error)}</p>
          ) : results.isPending ? (
            <p className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
              <Spinner size="small" label="Searching companies" /> Searching…
            </p>
          ) : (
            <p className="px-3 py-2 text-sm text-slate-600">{search ? `No company matches “${search}”.` : 'There are no companies yet.'}</p>
          )}
        </div>
      )}
      {listShown && (
        <ul id={listId} role="listbox" aria-label={`${label} matches`} className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          {options.map((c, i) => (
            <li
              key={c.id}
              id={`${id}-opt-${c.id}`}
              role="option"
              aria-selected={value?.id === c.id}
              // mousedown, not click: the input's blur would close the list before the click lands.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(c);
              }}
              onMouseEnter={() => setActive(i)}
              className={clsx('cursor-pointer px-3 py-2 text-sm', i === active ? 'bg-brand-50 text-brand-700' : 'text-slate-700')}
            >
              <span className="font-medium">{c.company_name}</span>
              {(c.city || c.state) && <span className="ml-2 text-xs text-slate-600">{[c.city, c.state].filter(Boolean).join(', ')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
