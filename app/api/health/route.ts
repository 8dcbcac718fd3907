// GET /api/health: the process is up and serving (liveness; touches nothing else).
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ status: 'ok', uptime: Math.round(process.uptime()) }, { headers: { 'cache-control': 'no-store' } });
}
