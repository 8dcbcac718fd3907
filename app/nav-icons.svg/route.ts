import { iconSprite } from '@/components/shell/icons';

// Built once, at build: the same file for everyone. Its address carries a hash of the set
// (components/shell/icons.tsx), so the browser may keep it for good.
export const dynamic = 'force-static';

export function GET() {
  return new Response(iconSprite(), {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}
