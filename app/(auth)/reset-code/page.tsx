import type { Metadata } from 'next';
import { ResetCodeForm } from './reset-code-form';

export const metadata: Metadata = { title: 'Enter your code' };

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function ResetCodePage({ searchParams }: { searchParams: Search }) {
  const q = await searchParams;
  return <ResetCodeForm role={typeof q.role === 'string' ? q.role : null} email={typeof q.email === 'string' ? q.email : ''} />;
}
