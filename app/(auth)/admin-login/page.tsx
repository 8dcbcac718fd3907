import { redirect } from 'next/navigation';

/** The admin variant of the login screen (spec §2: chosen when the path contains admin). */
export default function AdminLogin() {
  redirect('/login?role=admin');
}
