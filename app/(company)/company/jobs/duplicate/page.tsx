import { notFound, redirect } from 'next/navigation';

/** /company/jobs/duplicate?id=: the first duplicate screen of that job (spec §2). */
export default async function DuplicateJobRedirect({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const { id } = await searchParams;
  if (!id || !/^\d+$/.test(id)) notFound();
  redirect(`/company/jobs/${id}/job-content-duplicate`);
}
