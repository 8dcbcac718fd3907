import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Applicants' };

export default function ApplicantsPage() {
  return (
    <EmptyState title="The applicant list is not available yet">
      Drivers who applied to jobs across all companies will be listed here.
    </EmptyState>
  );
}
