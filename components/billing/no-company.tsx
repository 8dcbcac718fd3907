import { EmptyState } from '@/components/ui/states';

/** Settings of a company for a user who belongs to none (staff accounts). */
export function NoCompany({ billing = false }: { billing?: boolean }) {
  if (billing) {
    return <EmptyState title="Your account has no company">Billing and payment belong to each company&apos;s own users: there is nothing to show for an account without a company.</EmptyState>;
  }
  return <EmptyState title="Your account has no company">Company settings belong to company users. Open a company from the admin company list to manage it.</EmptyState>;
}
