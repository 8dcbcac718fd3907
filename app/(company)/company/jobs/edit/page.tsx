import { notFound, redirect } from 'next/navigation';

/** /company/jobs/edit?id=: the first edit screen of that job (spec §2). */
export default async function EditJobRedirect({ searchParams }: { searchParams: Promise<{ id?: string }> }) {
  const { id } = await searchParams;
  if (!id || !/^\d+$/.test(id)) notFound();
  redirect(`/company/jobs/${id}/job-content`);
}
