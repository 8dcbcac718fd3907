// GET|POST /admin/logout: the same logout action as /logout
export { GET, POST } from '@/app/logout/route';
