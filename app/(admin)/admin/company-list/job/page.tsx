import type { Metadata } from 'next';
import { ContentScreen } from '@/components/jobs/wizard/content-screen';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';

export const metadata: Metadata = { title: 'Post a job for a company' };

/**
 * An admin posts a job for a chosen company: the company wizard, starting with its company picker
 * (the same picker staff use in the Company Portal). Later steps continue in the wizard's own paths.
 */
export default async function AdminNewJobPage() {
  await requireUser(pageGuardFor('/admin/company-list'));
  return <ContentScreen mode="new" chooseCompany />;
}
