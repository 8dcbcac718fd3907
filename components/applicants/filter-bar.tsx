'use client';

import { APPLICATION_STAGES } from '@/lib/drivers/codes';
import { ENDORSEMENTS, JOB_TYPES } from '@/lib/jobs/codes';
import { OPERATORS_OF_FIELD, type ApplicantFilterField, type ApplicantOperator } from '@/lib/applications/search-fields';

/** A row of the grid's filter bar; an empty value is not sent. */
export type GridFilter = { key: number; field: ApplicantFilterField; operator: ApplicantOperator; value: string };

/** The spec's grid operators (§9: contains, does not contain, equals, not equals), plus greater/less for figures. */
const GRID_OPERATORS: { value: ApplicantOperator; label: string }[] = [
  { value: 'ilike', label: 'contains' },
  { value: 'not_ilike', label: 'does not contain' },
  { value: 'equals', label: 'equals' },
  { value: 'not_equals', label: 'not equals' },
  { value: 'greater_than', label: 'greater than' },
  { value: 'less_than', label: 'less than' },
];

const YES_NO = [
  { value: 'Yes', label: 'Yes' },
  { value: 'No', label: 'No' },
];

type FieldInfo = { label: string; input: 'text' | 'number' | 'date' | { value: string; label: string }[] };
export const GRID_FIELDS: Record<Exclude<ApplicantFilterField, never>, FieldInfo> = {
  applicant: { label: 'Name, email or phone', input: 'text' },
  years_of_experience: { label: 'Years of experience', input: 'number' },
  distance: { label: 'Distance (miles)', input: 'number' },
  application_at: { label: 'Applied on', input: 'date' },
  tag: { label: 'Tag', input: 'text' },
  stage: { label: 'Stage', input: [...APPLICATION_STAGES] },
  owner_operator: { label: 'Owner operator', input: YES_NO },
  within_range: { label: 'Within range', input: YES_NO },
  job_type: { label: 'Job type', input: [...JOB_TYPES] },
  endorsements: { label: 'Endorsement', input: [...ENDORSEMENTS] },
};

export const operatorsFor = (field: ApplicantFilterField) => GRID_OPERATORS.filter((o) => OPERATORS_OF_FIELD[field].includes(o.value));

/** The filters as the search body wants them: empty values dropped, figures as numbers. */
export function toSearchFilters(filters: GridFilter[]) {
  return filters
    .filter((f) => f.value.trim() !== '')
    .map((f) => ({
      field: f.field,
      operator: f.operator,
      value: GRID_FIELDS[f.field].input === 'number' ? Number(f.value) : f.value.trim(),
    }));
}

const control = 'h-9 rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

export function FilterBar({ filters, onChange }: { filters: GridFilter[]; onChange: (filters: GridFilter[]) => void }) {
  const set = (key: number, patch: Partial<GridFilter>) => onChange(filters.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  const add = () => onChange([...filters, { key: Date.now(), field: 'years_of_experience', operator: 'greater_than', value: '' }]);
  return (
    <div className="flex flex-col gap-2" role="group" aria-label="Filters">
      {filters.map((f, i) => {
        const info = GRID_FIELDS[f.field];
        return (
          <div key={f.key} className="flex flex-wrap items-center gap-2" data-testid="filter-row">
            <select
              aria-label={`Filter ${i + 1} field`}
              className={control}
              value={f.field}
              onChange={(e) => {
                const field = e.target.value as ApplicantFilterField;
                set(f.key, { field, operator: operatorsFor(field)[0].value, value: '' });
              }}
            >
              {Object.entries(GRID_FIELDS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <select aria-label={`Filter ${i + 1} operator`} className={control} value={f.operator} onChange={(e) => set(f.key, { operator: e.target.value as ApplicantOperator })}>
              {operatorsFor(f.field).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            {Array.isArray(info.input) ? (
              <select aria-label={`Filter ${i + 1} value`} className={control} value={f.value} onChange={(e) => set(f.key, { value: e.target.value })}>
                <option value="">Any</option>
                {info.input.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                aria-label={`Filter ${i + 1} value`}
                className={`${control} w-56`}
                type={info.input}
                min={info.input === 'number' ? 0 : undefined}
                placeholder={info.input === 'text' ? 'Type to filter' : undefined}
                value={f.value}
                onChange={(e) => set(f.key, { value: e.target.value })}
              />
            )}
            {filters.length > 1 && (
              <button type="button" className="rounded-md px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 hover:text-slate-800" onClick={() => onChange(filters.filter((x) => x.key !== f.key))}>
                Remove<span className="sr-only"> filter {i + 1}</span>
              </button>
            )}
          </div>
        );
      })}
      <div>
        <button type="button" className="text-sm font-medium text-brand-600 hover:text-brand-700" onClick={add} disabled={filters.length >= 10}>
          + Add filter
        </button>
      </div>
    </div>
  );
}
