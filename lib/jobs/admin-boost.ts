'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

/**
 * Staff boost a job from the job lists and the company grid (POST /admin/jobs/{id}/boost); the job
 * lists refetch once it settles. Its own module: the company grid would otherwise ship the job list's
 * hooks, and the job list the payments hooks (issue 16: first-load JS).
 */
export function useAdminBoost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (jobId: number) => (await api<{ job_id: number; boost_active: boolean }>(`/admin/jobs/${jobId}/boost`, { method: 'POST' })).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
