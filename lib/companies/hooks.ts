'use client';

/** React Query hooks of the company picker. Keys: ['companies', 'search', text], ['companies', id]. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CompanyChoice } from './search';
import type { CompanyView } from './view';

export type { CompanyChoice };

export function useCompanySearch(search: string, enabled = true) {
  return useQuery({
    queryKey: ['companies', 'search', search],
    queryFn: async () => (await api<CompanyChoice[]>(`/companies?search=${encodeURIComponent(search)}`)).data,
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 30_000,
  });
}

/** One company as a picker choice (the chosen company named in the address bar). */
export function useCompanyChoice(id: number | null) {
  return useQuery({
    queryKey: ['companies', id, 'choice'],
    enabled: id != null,
    queryFn: async (): Promise<CompanyChoice> => {
      const { data } = await api<CompanyView>(`/companies/${id}`);
      return { id: data.id, company_name: data.company_name, city: data.city ?? null, state: data.state ?? null };
    },
  });
}
