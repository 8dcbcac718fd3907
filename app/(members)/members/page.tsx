import { redirect } from 'next/navigation';

export default function MembersIndex() {
  redirect('/members/home');
}
