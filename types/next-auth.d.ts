import 'next-auth';

declare module 'next-auth' {
  interface Session {
    user: { id: number; name?: string | null; email?: string | null; roles: string[]; companyId: number | null };
    error?: string;
  }
}
