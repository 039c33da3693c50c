/**
 * fast-check arbitraries for the fuzzer: values a zod schema of the contract accepts (or nearly accepts: what
 * a refinement would reject still reaches validation), and malformed values (wrong types, NUL bytes, huge
 * strings and numbers, unicode edge cases, bad JSON, wrong content types).
 *
 * Valid values come from zod-fast-check where it can build them; it cannot for regex or refined strings
 * ("Unable to generate valid values"), so objects, arrays, unions and strings are derived here and the
 * remaining leaves (enums, literals, booleans, numbers) are handed to it.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { ZodFastCheck } from 'zod-fast-check';

/** Strings that have broken servers: NUL bytes, lone surrogates, direction overrides, SQL and escape tricks. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800x',
  'x\udfff',
  '\udbff\udfff',
  '\u202egpj.exe',
  '\u200f\u202b\u0627\u0644\u0639\u0631\u0628\u064a\u0629\u202c',
  '\u0301\u0301\u0301e\u0301\u0308\u20dd',
  'Z\u0351\u0352\u0353\u0354\u0355\u0356\u0357\u0358\u0359\u035a\u035b\u035c\u035d\u035e\u035f\u0360\u0361\u0362',
  '\ufeffBOM',
  '\u200b\u200c\u200d\u2060',
  '\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67\u200d\ud83d\udc66\ud83c\udff3\ufe0f\u200d\ud83c\udf08',
  '\uffff\ufffe',
  '\r\n\r\nX-Injected: 1',
  "'; drop table users; --",
  "' or '1'='1",
  '%00',
  '%',
  '\\',
  '\\u0000',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '1e999',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'true',
  '0x10',
  '99999999999999999999',
  '2025-02-30',
  '0000-00-00',
  '9999-99-99T99:99:99Z',
  '1970-01-01T00:00:00+99:99',
];

/** Non-string values of every JSON type, the extremes of numbers included. */
export const OTHER_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 63),
  1e308,
  -1e308,
  5e-324,
  [],
  {},
  ['x'],
  [null],
  [1, 'a', null, {}],
  { nested: { deeper: ['x'] } },
  { __proto__: { polluted: true } },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/** Query-string values, already encoded (they may hold escapes on purpose). */
export const QUERY_VALUES: readonly string[] = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%AE%C0%AE',
  '%FF%FE',
  '-1',
  '0',
  '1e999',
  '99999999999999999999',
  '%ZZ',
  '%',
  '[]',
  'true',
  '',
  '%E2%80%AE',
  'null',
  "'%20or%201=1--",
];

/** Path segments, already encoded. */
export const PATH_VALUES: readonly string[] = [
  '%00',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x1F',
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  '%ZZ',
  '%',
  '..%2F..%2Fetc',
  '%2e%2e',
  '%E2%80%AE',
  '%ED%A0%80',
  'null',
  'undefined',
  '%20',
  'pm_%00',
];

/** A whole body sent as written with a content type (bad JSON, wrong shapes, wrong types of content). */
export interface RawBody {
  type: string;
  text: string;
}

export const RAW_BODIES: readonly RawBody[] = [
  { type: 'application/json', text: '' },
  { type: 'application/json', text: '[]' },
  { type: 'application/json', text: '"text"' },
  { type: 'application/json', text: 'null' },
  { type: 'application/json', text: '0' },
  { type: 'application/json', text: '{' },
  { type: 'application/json', text: '{"a":1,}' },
  { type: 'application/json', text: "{'a':1}" },
  { type: 'application/json', text: '{"a":NaN}' },
  { type: 'application/json', text: '{"a":1e99999}' },
  { type: 'application/json', text: '{"a":"\\ud800"}' },
  { type: 'application/json', text: '{"a":"\\u0000"}' },
  { type: 'application/json', text: '\ufeff{}' },
  { type: 'application/json', text: '{"a":1,"a":2}' },
  { type: 'application/json', text: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}' },
  { type: 'application/json', text: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) },
  { type: 'application/json', text: '['.repeat(50_000) + ']'.repeat(50_000) },
  { type: 'application/json', text: JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))) },
  { type: 'application/json', text: JSON.stringify({ big: 'x'.repeat(1_100_000) }) },
  { type: 'application/json; charset=utf-16', text: '{}' },
  { type: 'application/json; charset=latin1', text: '{}' },
  { type: 'application/x-www-form-urlencoded', text: 'a=1&b[c]=2&b[c]=3' },
  { type: 'application/x-www-form-urlencoded', text: '%ZZ=%ZZ&&=&a' },
  { type: 'text/plain', text: 'plain text' },
  { type: 'application/xml', text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { type: 'multipart/form-data', text: 'no boundary' },
  { type: 'multipart/form-data; boundary=zz', text: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n' },
  { type: 'application/octet-stream', text: '\u0000\u0001\u0002' },
  { type: 'image/png', text: '\u0089PNG' },
];

/** Arbitrary strings: printable, full unicode, and the edge list. */
export const anyString = (maxLength = 40): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength }) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  );

/** Strings far longer than any field allows (up to 200k characters; multi-byte too). */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom('x', '\u00e9', '\ud83d\ude00', '\u0000', '%', 'a\u0301'), fc.integer({ min: 201, max: 200_000 }))
  .map(([unit, n]) => unit.repeat(n));

/** A value of any JSON type that is almost surely the wrong one for a field. */
export const malformedValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...OTHER_VALUES) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.integer(), { minLength: 1000, maxLength: 3000 }) },
);

/** Words that match rows of the fuzz world (and so, without the owner's scope in a query, the other tenant's). */
export const SEARCH_WORDS: readonly string[] = ['a', 'e', 'INV', 'SECRET', 'Zephyrine', 'tenant', 'note', 'contract', 'Retainer', 'client', 'Matrix', 'pending', '%', '_', '\\', '@'];

const zfc = ZodFastCheck();

/** Options of the derivation: numbers the world knows (ids of rows), mixed into integer fields. */
export interface DeriveOptions {
  ids: readonly number[];
}

type AnyZod = z.ZodTypeAny;

function typeName(schema: AnyZod): string {
  return (schema._def as { typeName?: string }).typeName ?? '';
}

/** zod-fast-check's arbitrary for a schema, or undefined when it cannot build valid values for it. */
function fromZodFastCheck(schema: AnyZod): fc.Arbitrary<unknown> | undefined {
  try {
    const arb = zfc.inputOf(schema);
    fc.sample(arb, { numRuns: 20, seed: 7 });
    return arb;
  } catch {
    return undefined;
  }
}

function stringOf(schema: z.ZodString): fc.Arbitrary<string> {
  const checks = schema._def.checks;
  let min = 0;
  let max = 60;
  for (const check of checks) {
    if (check.kind === 'regex') return fc.stringMatching(check.regex);
    if (check.kind === 'datetime') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    if (check.kind === 'date') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    if (check.kind === 'email') return fc.emailAddress();
    if (check.kind === 'url') return fc.webUrl();
    if (check.kind === 'uuid') return fc.uuid();
    if (check.kind === 'min') min = check.value;
    if (check.kind === 'max') max = Math.min(check.value, 200);
    if (check.kind === 'length') min = max = check.value;
  }
  if (min > max) max = min;
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: max }) },
    // Values like the ones people type, so searches match rows (both tenants' among them: the fuzz world's
    // strings start with these), not only noise.
    { weight: 2, arbitrary: fc.constantFrom(...SEARCH_WORDS) },
  );
}

/**
 * An arbitrary of inputs of `schema`: mostly values it accepts, sometimes values only a refinement rejects.
 * Integer fields also take the ids of rows the world holds (both tenants'), so the values reach real rows.
 */
export function arbitraryOf(schema: unknown, options: DeriveOptions, depth = 0): fc.Arbitrary<unknown> {
  if (!(schema instanceof z.ZodType)) return fc.jsonValue({ maxDepth: 2 });
  const s = schema as AnyZod;
  const again = (inner: unknown) => arbitraryOf(inner, options, depth + 1);
  if (depth > 8) return fc.constant(undefined);
  switch (typeName(s)) {
    case 'ZodObject': {
      const shape = (s as z.AnyZodObject).shape as Record<string, AnyZod>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        model[key] = again(field);
        if (!field.isOptional()) required.push(key);
      }
      return fc.record(model, { requiredKeys: required });
    }
    case 'ZodOptional':
      return fc.option(again((s as z.ZodOptional<AnyZod>).unwrap()), { nil: undefined, freq: 4 });
    case 'ZodNullable':
      return fc.option(again((s as z.ZodNullable<AnyZod>).unwrap()), { nil: null, freq: 4 });
    case 'ZodDefault':
      return fc.option(again((s as z.ZodDefault<AnyZod>).removeDefault()), { nil: undefined, freq: 4 });
    case 'ZodEffects':
      // Refinements, transforms and preprocessors: the input is (mostly) the inner schema's.
      return again((s as z.ZodEffects<AnyZod>).innerType());
    case 'ZodPipeline':
      return again((s._def as { in: AnyZod }).in);
    case 'ZodBranded':
      return again((s as z.ZodBranded<AnyZod, string>).unwrap());
    case 'ZodLazy':
      return again((s as z.ZodLazy<AnyZod>).schema);
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return fc.oneof(...((s._def as { options: AnyZod[] }).options.map(again) as fc.Arbitrary<unknown>[]));
    case 'ZodIntersection': {
      const def = s._def as { left: AnyZod; right: AnyZod };
      return fc.tuple(again(def.left), again(def.right)).map(([l, r]) =>
        l && r && typeof l === 'object' && typeof r === 'object' ? { ...l, ...r } : l,
      );
    }
    case 'ZodArray': {
      const def = (s as z.ZodArray<AnyZod>)._def;
      const minLength = def.minLength?.value ?? def.exactLength?.value ?? 0;
      const maxLength = Math.min(def.maxLength?.value ?? def.exactLength?.value ?? 8, 8);
      return fc.array(again(def.type), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'ZodString':
      return stringOf(s as z.ZodString);
    case 'ZodNumber': {
      const own = fromZodFastCheck(s) ?? fc.double();
      const isInt = (s as z.ZodNumber)._def.checks.some((c) => c.kind === 'int');
      return isInt && options.ids.length > 0 ? fc.oneof(own, fc.constantFrom(...options.ids)) : own;
    }
    case 'ZodAny':
    case 'ZodUnknown':
      return fc.jsonValue({ maxDepth: 3 });
    default:
      return fromZodFastCheck(s) ?? fc.jsonValue({ maxDepth: 2 });
  }
}

/** The field names an (object-like) zod schema accepts: objects, their refinements, unions and intersections. */
export function fieldsOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  const s = schema as AnyZod;
  switch (typeName(s)) {
    case 'ZodObject':
      return Object.keys((s as z.AnyZodObject).shape as object);
    case 'ZodEffects':
      return fieldsOf((s as z.ZodEffects<AnyZod>).innerType());
    case 'ZodOptional':
    case 'ZodNullable':
      return fieldsOf((s as z.ZodOptional<AnyZod>).unwrap());
    case 'ZodDefault':
      return fieldsOf((s as z.ZodDefault<AnyZod>).removeDefault());
    case 'ZodPipeline':
      return fieldsOf((s._def as { in: AnyZod }).in);
    case 'ZodUnion':
    case 'ZodDiscriminatedUnion':
      return [...new Set((s._def as { options: AnyZod[] }).options.flatMap(fieldsOf))];
    case 'ZodIntersection': {
      const def = s._def as { left: AnyZod; right: AnyZod };
      return [...fieldsOf(def.left), ...fieldsOf(def.right)];
    }
    default:
      return [];
  }
}

/** Serializes a query object the way a browser would; arrays repeat their key. Values are encoded. */
export function toQueryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      const text = typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))}`);
    }
  }
  return parts.join('&');
}
