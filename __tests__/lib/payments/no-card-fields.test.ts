import fs from 'node:fs';
import path from 'node:path';
import type { ZodType } from 'zod';
import * as paymentSchemas from '@/lib/payments/schemas';

const CARD_KEY = /card_?number|cvv|cvc|security/i;

/** Every object key anywhere inside a zod schema (objects, optionals, pipes, arrays, unions...). */
function keysOf(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return [];
  const keys: string[] = [];
  if (def.shape && typeof def.shape === 'object') {
    for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) keys.push(k, ...keysOf(v, seen));
  }
  for (const field of ['innerType', 'in', 'out', 'element', 'left', 'right', 'catchall', 'valueType', 'keyType']) keys.push(...keysOf(def[field], seen));
  if (Array.isArray(def.options)) for (const o of def.options) keys.push(...keysOf(o, seen));
  return keys;
}

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(full) : e.name === 'route.ts' ? [full] : [];
  });
}

describe('no card number or security code field in the app', () => {
  it('the walker does see nested keys (self-check)', async () => {
    const { z } = await import('zod');
    expect(keysOf(z.object({ a: z.object({ card_number: z.string() }).optional() }))).toContain('card_number');
  });

  it('lib/payments/schemas.ts has none', () => {
    const schemas = Object.values(paymentSchemas).filter((v) => v && typeof v === 'object' && '_zod' in (v as object));
    expect(schemas.length).toBeGreaterThanOrEqual(5);
    for (const s of schemas) expect(keysOf(s).filter((k) => CARD_KEY.test(k))).toEqual([]);
  });

  it('no body or query schema of a payment route has one', async () => {
    const root = path.join(process.cwd(), 'app/api/v1.0/payment');
    const files = [...routeFiles(root), path.join(process.cwd(), 'app/api/v1.0/admin/jobs/[id]/boost/route.ts')];
    expect(files.length).toBeGreaterThanOrEqual(7);
    let inspected = 0;
    for (const file of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      for (const [method, exported] of Object.entries(mod)) {
        const handler = exported as { bodySchema?: ZodType; querySchema?: ZodType; access?: string };
        if (typeof exported !== 'function' || !handler.access) continue;
        inspected++;
        const keys = [...keysOf(handler.bodySchema), ...keysOf(handler.querySchema)];
        expect({ route: `${method} ${path.relative(root, file)}`, cardKeys: keys.filter((k) => CARD_KEY.test(k)) }).toEqual({
          route: `${method} ${path.relative(root, file)}`,
          cardKeys: [],
        });
      }
    }
    expect(inspected).toBeGreaterThanOrEqual(9);
  });

  it('no column of the database is named like one', async () => {
    const { getDb, queryRows } = await import('@/lib/db/client');
    const { sql } = await import('drizzle-orm');
    const cols = await queryRows<{ c: string }>(await getDb(), sql`select table_name || '.' || column_name as c from information_schema.columns where table_schema = 'public'`);
    expect(cols.length).toBeGreaterThan(50);
    expect(cols.map((r) => r.c).filter((c) => CARD_KEY.test(c.split('.')[1]))).toEqual([]);
  });
});
