import { redirect } from 'next/navigation';

/** Applicants is the default section (spec §2). */
export default function UserManagementIndex() {
  redirect('/admin/user-management/applicants');
}
