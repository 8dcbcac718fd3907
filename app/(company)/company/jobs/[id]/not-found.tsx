import { LinkButton } from '@/components/jobs/controls';
import { EmptyState } from '@/components/ui/states';

/** A job id that does not exist or belongs to another company (the two look the same). */
export default function JobNotFound() {
  return (
    <div className="mx-auto max-w-xl py-10">
      <EmptyState title="Job not found" action={<LinkButton href="/company/jobs">Back to posted jobs</LinkButton>}>
        This job does not exist, or it belongs to another company.
      </EmptyState>
    </div>
  );
}
