import { redirect } from 'next/navigation';

export default function CompanyLogin() {
  redirect('/login');
}
