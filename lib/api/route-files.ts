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

export const HTTP_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The HTTP methods a route file exports (`export const GET = route(...)`, `export async function POST`, `export { PUT }`). */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  for (const m of source.matchAll(/^export\s+(?:const|let|async\s+function|function)\s+(\w+)/gm)) found.add(m[1]);
  for (const m of source.matchAll(/^export\s*\{([^}]*)\}/gm)) for (const part of m[1].split(',')) found.add(part.trim().split(/\s+as\s+/).pop()!.trim());
  return HTTP_METHODS.filter((method) => found.has(method));
}

/** 'app/api/v1.0/jobs/[id]/route.ts' → '/api/v1.0/jobs/[id]' (Next's own segment syntax, catch-alls kept apart). */
export function apiTemplateOf(file: string): string {
  return '/' + file.replace(/\/route\.ts$/, '').replace(/^app\//, '');
}
