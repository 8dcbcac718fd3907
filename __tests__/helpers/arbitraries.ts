/**
 * fast-check arbitraries for the API's inputs: values a route's own zod schema accepts (through
 * its JSON Schema, `z.toJSONSchema`), the same values with one field anywhere replaced by something
 * hostile, and raw bodies no schema describes (deep nesting, `__proto__` keys, broken JSON).
 */
import fc from 'fast-check';
import { z, type ZodType } from 'zod';

type Schema = boolean | { [key: string]: unknown };
type Obj = Record<string, unknown>;

/** The input side of a zod schema as JSON Schema; `{}` (anything) where zod cannot say. */
export function inputJsonSchema(schema: ZodType | undefined): Schema {
  if (!schema) return {};
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;
  } catch {
    return {};
  }
}

const NUL = '\u0000';

/** Strings no form sends: NUL, lone surrogates, control and bidi characters, huge, numeric edge cases. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.string().map((s) => `${s}${NUL}${s}`),
  fc.constantFrom(NUL, '\uD800', '\uDFFF', `a\uD800b`, '\uFEFF', '\u202E', '\r\n\t\v\f', '%00', '\\u0000', "'; drop table jobs; --", '<script>alert(1)</script>'),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'NaN', 'Infinity', '-0', '1e309', '9'.repeat(400), '0x10', ' '),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constant('x'.repeat(250_000)),
);

/** Values of the wrong type for any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, [], {}, [null], [[]], { root: null }, { root: { children: [null] } }),
  fc.jsonValue({ maxDepth: 3 }),
  hostileString,
);

const DELETE = Symbol('delete');

function resolveRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#')) return {};
  let node: unknown = root;
  for (const part of ref.slice(2).split('/').filter(Boolean)) node = (node as Obj | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return (node as Schema) ?? {};
}

/** Values the JSON Schema describes (strings kept short so that many fit in one body). */
export function fromJsonSchema(schema: Schema, root: Schema = schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema === true || schema === false || depth > 8) return fc.jsonValue({ maxDepth: 2 });
  const s = schema as Obj;
  if (typeof s.$ref === 'string') return fromJsonSchema(resolveRef(root, s.$ref), root, depth + 1);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => fromJsonSchema(a, root, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return fromJsonSchema(s.allOf[0] as Schema, root, depth + 1);
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((type) => fromJsonSchema({ ...s, type }, root, depth + 1)));
  switch (s.type) {
    case 'string':
      return stringFor(s);
    case 'integer': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : -1000;
      const max = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : 1_000_000;
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(Math.max(min, max), 2 ** 31 - 1) });
    }
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : -1e6;
      const max = typeof s.maximum === 'number' ? s.maximum : 1e6;
      return fc.oneof(fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) }), fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      const maxLength = Math.max(minLength, Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, 3));
      return fc.array(fromJsonSchema(items, root, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = fromJsonSchema(value, root, depth + 1);
      return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringFor(s: Obj): fc.Arbitrary<string> {
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof s.maxLength === 'number' ? s.maxLength : 40, 40));
  const plain = fc.string({ minLength, maxLength });
  if (s.format === 'email') return fc.emailAddress();
  if (s.format === 'uri' || s.format === 'url') return fc.webUrl();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (typeof s.pattern === 'string') {
    try {
      return fc.oneof(fc.stringMatching(new RegExp(s.pattern)), plain);
    } catch {
      return plain;
    }
  }
  return plain;
}

/** Every path (keys and indexes) inside a JSON value, the root included, found without recursion. */
function pathsOf(value: unknown): (string | number)[][] {
  const out: (string | number)[][] = [];
  const stack: [unknown, (string | number)[]][] = [[value, []]];
  while (stack.length && out.length < 200) {
    const [v, path] = stack.pop()!;
    out.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, [...path, i]]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push([x, [...path, k]]);
  }
  return out;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (!path.length) return replacement === DELETE ? undefined : replacement;
  const copy = structuredClone(value) as Obj;
  let node: Obj = copy;
  for (const key of path.slice(0, -1)) node = node[key as string] as Obj;
  const last = path[path.length - 1];
  if (replacement === DELETE) {
    if (Array.isArray(node)) node.splice(last as number, 1);
    else delete node[last as string];
  } else node[last as string] = replacement;
  return copy;
}

/** A valid value with one place anywhere in it replaced by a hostile value, or removed. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return valid.chain((v) =>
    fc
      .tuple(fc.constantFrom(...pathsOf(v)), fc.oneof(wrongType, fc.constant(DELETE)))
      .map(([path, replacement]) => replaceAt(v, path, replacement)),
  );
}

/** A valid value with every string in it carrying `extra` (a NUL, a lone surrogate, a long tail). */
function poisoned(value: unknown, extra: string): unknown {
  if (typeof value === 'string') return `${value}${extra}`;
  if (Array.isArray(value)) return value.map((v) => poisoned(v, extra));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisoned(v, extra)]));
  return value;
}

const POISONS = fc.constantFrom('\u0000', '\uD800', '\u0000\uDFFF', 'x'.repeat(5000));

/** A JSON body nested `depth` levels inside `key` (text built directly: JSON.stringify would overflow). */
export const deepBody = (key: string, depth: number) => `{${JSON.stringify(key)}:${'['.repeat(depth)}${']'.repeat(depth)}}`;

/** Raw body text: valid or mutated JSON, plus the shapes no JSON Schema describes. */
export function bodyText(schema: Schema, keys: string[], examples: unknown[] = []): fc.Arbitrary<string> {
  // Hand-written valid bodies reach the services, where generated ones rarely pass every refinement.
  const generated = fromJsonSchema(schema);
  const valid = examples.length ? fc.oneof(generated, fc.constantFrom(...examples)) : generated;
  const key = keys.length ? fc.constantFrom(...keys) : fc.constant('a');
  const json = fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 5, arbitrary: mutated(valid) },
    { weight: 2, arbitrary: fc.tuple(valid, POISONS).map(([v, p]) => poisoned(v, p)) },
    { weight: 1, arbitrary: wrongType },
  );
  return fc.oneof(
    { weight: 10, arbitrary: json.map((v) => JSON.stringify(v) ?? 'null') },
    // A __proto__ / constructor key as JSON.parse makes it: an own property.
    { weight: 1, arbitrary: fc.tuple(valid, fc.constantFrom('__proto__', 'constructor')).map(([v, k]) => {
      const text = JSON.stringify(v) ?? '{}';
      const inject = `${JSON.stringify(k)}:{"isAdmin":true,"roles":["160SuperAdmin"],"prototype":{"polluted":true}}`;
      return text.startsWith('{') ? `{${inject}${text.length > 2 ? ',' : ''}${text.slice(1)}` : `{${inject}}`;
    }) },
    { weight: 1, arbitrary: fc.tuple(key, fc.integer({ min: 150, max: 12_000 })).map(([k, d]) => deepBody(k, d)) },
    { weight: 1, arbitrary: fc.constantFrom('', 'not json', '{', '[]', 'null', '"text"', '{"a":1}{"b":2}', `{"a":"${'x'.repeat(1_100_000)}"}`) },
  );
}

/** A query string for a route: its schema's fields as strings (valid or hostile), and stray keys. */
export function queryFor(schema: Schema): fc.Arbitrary<Record<string, string>> {
  const properties = ((schema as Obj).properties ?? {}) as Record<string, Schema>;
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const [key, value] of Object.entries(properties)) {
    const valid = fromJsonSchema(value).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
    model[key] = fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: hostileString.filter((s) => s.length < 10_000) });
  }
  const stray = fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('__proto__', 'constructor')), hostileString.filter((s) => s.length < 1000), { maxKeys: 2 });
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: stray }))
    .map(([known, stray]) => ({ ...stray, ...known }) as Record<string, string>)
    // Some calls with no query at all: the route's defaults are input too.
    .chain((q) => fc.oneof({ weight: 3, arbitrary: fc.constant(q) }, { weight: 1, arbitrary: fc.constant({}) }));
}
