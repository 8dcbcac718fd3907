import { EmptyState } from '@/components/ui/states';

/** Settings of a company for a user who belongs to none (staff accounts). */
export function NoCompany() {
  return <EmptyState title="Your account has no company">Company settings belong to company users. Open a company from the admin company list to manage it.</EmptyState>;
}
