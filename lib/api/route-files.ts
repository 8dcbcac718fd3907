import fs from 'node:fs';
import path from 'node:path';

/** Every route.ts under app/api/v1.0, as repository-relative paths, sorted. */
export function apiRouteFiles(root: string): string[] {
  const base = path.join(root, 'app/api/v1.0');
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') out.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  if (fs.existsSync(base)) walk(base);
  return out.sort();
}

/** 'app/api/v1.0/jobs/[id]/close/route.ts' → '/api/v1.0/jobs/{id}/close' */
export function apiPathOf(file: string): string {
  return (
    '/' +
    file
      .replace(/\/route\.ts$/, '')
      .replace(/^app\//, '')
      .replace(/\[\.\.\.(\w+)\]/g, '{$1}')
      .replace(/\[(\w+)\]/g, '{$1}')
  );
}
