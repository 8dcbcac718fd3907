'use client';

/** React Query hooks of the Admin Portal. Keys start with 'admin'. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CompanyView } from '@/lib/companies/view';
import type { CompanyListRow } from './company-search';
import type { CompanySearchBody } from './schemas';

export type GridFilter = { field: CompanySearchBody['filters'][number]['field']; operator: CompanySearchBody['filters'][number]['operator']; value: string };

export function useCompanyList(filter: GridFilter, offset: number, limit: number) {
  return useQuery({
    queryKey: ['admin', 'companies', filter, offset, limit],
    queryFn: () =>
      api<CompanyListRow[]>(`/companies/search?offset=${offset}&limit=${limit}&statistics=true`, {
        method: 'POST',
        body: { filters: filter.value.trim() ? [filter] : [], orders: [{ field: 'created_at', direction: 'desc' }] },
      }),
    placeholderData: keepPreviousData,
  });
}

/** A company's users for the expanded row and the impersonation picker (the employees API). */
export type CompanyUser = { id: number; email: string; first_name: string; last_name: string; role: string; active: boolean; phone: string | null };

/** The employees API's largest page. */
const USERS_PAGE = 100;

/**
 * Every user of the company, read a page at a time: the first 50 only (oldest first) left the
 * newest hires of a larger company out of the expanded row and the impersonation picker, so an
 * admin could neither impersonate nor edit them.
 */
export function useCompanyUsers(companyId: number | null) {
  return useQuery({
    queryKey: ['admin', 'companies', companyId, 'users'],
    enabled: companyId != null,
    queryFn: async () => {
      const all: CompanyUser[] = [];
      for (;;) {
        const page = await api<CompanyUser[]>(`/admin/companies/${companyId}/employers?offset=${all.length}&limit=${USERS_PAGE}`);
        all.push(...page.data);
        if (page.data.length < USERS_PAGE || all.length >= (page.pagination?.total ?? 0)) return all;
      }
    },
  });
}

export type CompanyJob = { id: number; title: string; status: string; posting_date: string | null; boost_active: boolean };

export function useCompanyJobs(companyId: number | null) {
  return useQuery({
    queryKey: ['jobs', 'admin-company', companyId],
    enabled: companyId != null,
    queryFn: async () => api<CompanyJob[]>(`/jobs/search?company_id=${companyId}&offset=0&limit=5`, { method: 'POST', body: {} }),
  });
}

export type AdminCompanyBody = { company_name: string; email: string; billing_type: 'CELERO' | 'CONTRACT'; type: 1 | 2; street1: string; phone?: string };

/** Creates a company, or saves one; an edit sends the version it opened as If-Match (412 when saved since). */
export function useSaveCompany(id: number | null, version?: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<AdminCompanyBody>) =>
      (
        await api<CompanyView>(id ? `/admin/companies/${id}` : '/admin/companies', {
          method: id ? 'PATCH' : 'POST',
          body,
          headers: id && version ? { 'if-match': `"${version}"` } : undefined,
        })
      ).data,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin', 'companies'] }),
  });
}

export function useAdminCompany(id: number | null) {
  return useQuery({ queryKey: ['admin', 'company', id], enabled: id != null, queryFn: async () => (await api<CompanyView>(`/admin/companies/${id}`)).data });
}
