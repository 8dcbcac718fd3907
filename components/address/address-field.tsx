'use client';

import dynamic from 'next/dynamic';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api, ApiError } from '@/lib/api/client';
import type { AddressSuggestion } from '@/lib/geo/types';
import { AddressCombobox, MIN_QUERY, PinIcon } from './address-combobox';
import { passThrough, toOption, useAddressChoice, type AddressFieldProps } from './use-address-choice';

export type { AddressFieldProps } from './use-address-choice';

/** Autocomplete debounce (accounts spec §9). */
export const ADDRESS_DEBOUNCE_MS = 300;

const GoogleAddressField = dynamic(() => import('./google-address-field'), { ssr: false });

/**
 * The one address field of the portal. With NEXT_PUBLIC_GOOGLE_MAPS_API_KEY set it uses Google
 * Places and shows a map; otherwise it searches the offline US gazetteer behind
 * GET /api/v1.0/geo/autocomplete. Either way the form receives an AddressSuggestion or null.
 */
export function AddressField(props: AddressFieldProps) {
  const key = process.env.NEXT_PUBLIC_GOOGLE_MAPS_API_KEY;
  return key ? <GoogleAddressField apiKey={key} {...props} /> : <GazetteerAddressField {...props} />;
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

function GazetteerAddressField(props: AddressFieldProps) {
  const { value } = props;
  const [text, setText] = useState(value?.description ?? '');
  const choice = useAddressChoice(props);
  const query = useDebounced(text.trim(), ADDRESS_DEBOUNCE_MS);
  const chosen = !!value && value.description === text;

  // A value set from outside (restored from storage, reset by the form) shows in the box.
  const [shown, setShown] = useState(value?.description);
  if (shown !== value?.description) {
    setShown(value?.description);
    if (value) setText(value.description);
  }

  const search = useQuery<AddressSuggestion[], Error>({
    queryKey: ['geo', 'autocomplete', query],
    queryFn: ({ signal }) => api<AddressSuggestion[]>(`/geo/autocomplete?q=${encodeURIComponent(query)}`, { signal }).then((r) => r.data),
    enabled: query.length >= MIN_QUERY && !chosen,
    staleTime: 5 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const suggestions = useMemo<AddressSuggestion[]>(() => (search.isError ? [] : (search.data ?? [])), [search.data, search.isError]);
  const searchError = search.error instanceof ApiError && search.error.status === 422 ? search.error.message : null;

  return (
    <div className="flex flex-col gap-2">
      <AddressCombobox
        {...passThrough(props)}
        text={text}
        onTextChange={(t) => {
          setText(t);
          choice.edited();
        }}
        options={suggestions.map((s) => toOption(s))}
        loading={text.trim() !== query || search.isFetching}
        onPick={(o) => {
          const picked = suggestions.find((s) => s.description === o.id) ?? null;
          if (choice.accept(picked) && picked) setText(picked.description);
        }}
        chosen={chosen}
        onClear={() => {
          setText('');
          choice.edited();
        }}
        error={choice.pickError ?? searchError ?? props.error}
      />
      {props.showMap && value && <ChosenPlace value={value} />}
    </div>
  );
}

/** Offline there is no map: a summary of where the choice lies. */
export function ChosenPlace({ value }: { value: AddressSuggestion }) {
  const { lat, lng } = value.coordinates;
  return (
    <div className="flex items-start gap-3 rounded-xl border border-brand-100 bg-brand-50/60 px-4 py-3" data-testid="chosen-place">
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm">
        <PinIcon className="size-4" />
      </span>
      <div className="min-w-0 text-sm">
        {value.address && <p className="truncate font-medium text-slate-900">{value.address}</p>}
        <p className={value.address ? 'text-slate-600' : 'font-medium text-slate-900'}>
          {value.city}, {value.stateName}
          {value.zipCode ? ` ${value.zipCode}` : ''}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {Math.abs(lat).toFixed(4)}° {lat >= 0 ? 'N' : 'S'}, {Math.abs(lng).toFixed(4)}° {lng >= 0 ? 'E' : 'W'}
        </p>
      </div>
    </div>
  );
}
