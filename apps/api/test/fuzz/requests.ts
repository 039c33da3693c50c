/**
 * What the fuzzer sends: a request described in terms of the world (whose row the path names, the matrix's
 * valid body, fields changed on it), so it reads well in a report and replays against a fresh world; and the
 * fast-check arbitrary of such requests for every route of the contract and every persona.
 */
import fc from 'fast-check';
import type { ContractRoute, RouteKey } from '../support/contract-routes';
import {
  EDGE_STRINGS,
  PATH_VALUES,
  QUERY_VALUES,
  RAW_BODIES,
  anyString,
  arbitraryOf,
  fieldsOf,
  hugeString,
  malformedValue,
  toQueryString,
  type DeriveOptions,
  type RawBody,
} from './arbitraries';

export const PERSONAS = ['anonymous', 'clientA', 'clientB', 'admin'] as const;
export type PersonaName = (typeof PERSONAS)[number];

/** The path parameter: the caller's own row (client A's for the admin and anonymous), the other tenant's, or a raw segment. */
export type PathSpec = { kind: 'own' } | { kind: 'other' } | { kind: 'raw'; value: string };

export type BodySpec =
  | { kind: 'none' }
  /** The matrix's valid body for the caller. */
  | { kind: 'base' }
  /** The valid body with fields set (valid-shaped or malformed values). */
  | { kind: 'base-with'; fields: Record<string, unknown> }
  /** A body of its own, sent as JSON. */
  | { kind: 'json'; value: unknown }
  /** Text sent as written, with a content type. */
  | ({ kind: 'raw' } & RawBody)
  /** multipart/form-data: text fields and an optional file. */
  | { kind: 'multipart'; fields: Record<string, string>; file?: { name: string; content: string; type?: string } };

export interface FuzzRequest {
  route: RouteKey;
  persona: PersonaName;
  path?: PathSpec;
  /** The query string, already encoded (it may hold broken escapes on purpose). */
  query?: string;
  body: BodySpec;
  /** A header set on purpose (a wrong Accept, an odd Content-Type on a GET...). */
  header?: [string, string];
}

type RouteShape = { method: string; body?: unknown; query?: unknown; pathParams?: unknown; contentType?: string };
const shapeOf = (r: ContractRoute) => r.route as unknown as RouteShape;
export const takesBody = (r: ContractRoute) => !['GET', 'DELETE'].includes(shapeOf(r).method);
export const isMultipart = (r: ContractRoute) => shapeOf(r).contentType === 'multipart/form-data';

/** Who may call the route: weighted so most requests come from callers who get past the role check. */
function personaArb(r: ContractRoute): fc.Arbitrary<PersonaName> {
  const allowed = (p: PersonaName) =>
    r.roles.includes('public') ||
    (p === 'admin' && r.roles.includes('admin')) ||
    ((p === 'clientA' || p === 'clientB') && r.roles.includes('client'));
  return fc.oneof(...PERSONAS.map((p) => ({ weight: allowed(p) ? 8 : 1, arbitrary: fc.constant(p) })));
}

function pathArb(r: ContractRoute, options: DeriveOptions): fc.Arbitrary<PathSpec> | undefined {
  if (r.param === null) return undefined;
  const raw = (a: fc.Arbitrary<string>) => a.map((value): PathSpec => ({ kind: 'raw', value }));
  const schema = (shapeOf(r).pathParams as { shape?: Record<string, unknown> } | undefined)?.shape?.[r.param];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<PathSpec>({ kind: 'own' }) },
    { weight: 3, arbitrary: fc.constant<PathSpec>({ kind: 'other' }) },
    { weight: 2, arbitrary: raw(fc.constantFrom(...PATH_VALUES)) },
    { weight: 1, arbitrary: raw(fc.integer().map(String)) },
    { weight: 1, arbitrary: raw(fc.constantFrom(...options.ids).map(String)) },
    { weight: 1, arbitrary: raw(anyString(30).map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd')))) },
    { weight: 1, arbitrary: raw(arbitraryOf(schema, options).map((v) => encodeURIComponent(String(v)))) },
    { weight: 1, arbitrary: raw(fc.integer({ min: 300, max: 20_000 }).map((n) => 'x'.repeat(n))) },
  );
}

function queryArb(r: ContractRoute, options: DeriveOptions): fc.Arbitrary<string | undefined> {
  const schema = shapeOf(r).query;
  const fields = fieldsOf(schema);
  const garbage = fc.oneof(
    fc.constantFrom('%', '%ZZ', '&&&', '=', 'a=%00', '__proto__=1', 'constructor[prototype]=1', 'a[b][c][d]=1', '%E2%80%AE=1'),
    // A long URL: past what a browser sends, and past the server's header limit.
    fc.integer({ min: 2_000, max: 70_000 }).map((n) => `search=${'a'.repeat(n)}`),
  );
  if (fields.length === 0) {
    return fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: garbage });
  }
  const valid = arbitraryOf(schema, options).map((q) => toQueryString((q ?? {}) as Record<string, unknown>));
  const field = fc.constantFrom(...fields);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 6, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc
        .tuple(valid, field, fc.constantFrom(...QUERY_VALUES))
        .map(([q, key, value]) => [q, `${encodeURIComponent(key)}=${value}`].filter(Boolean).join('&')),
    },
    // The same key twice (an array where a string is expected).
    { weight: 2, arbitrary: fc.tuple(valid, field).map(([q, key]) => [q, `${key}=1&${key}=2`].filter(Boolean).join('&')) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(field, anyString(60))
        .map(([key, value]) => `${key}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\ufffd'))}`),
    },
    { weight: 1, arbitrary: garbage },
  );
}

function bodyArb(r: ContractRoute, options: DeriveOptions): fc.Arbitrary<BodySpec> {
  const schema = shapeOf(r).body;
  const raw = fc.constantFrom(...RAW_BODIES).map((b): BodySpec => ({ kind: 'raw', ...b }));
  if (!takesBody(r)) {
    return fc.oneof({ weight: 12, arbitrary: fc.constant<BodySpec>({ kind: 'none' }) }, { weight: 1, arbitrary: raw });
  }
  const fields = fieldsOf(schema);
  const valid = arbitraryOf(schema, options);
  const stringField = anyString(80);
  if (isMultipart(r)) {
    const fieldValues = fc.dictionary(fc.constantFrom(...(fields.length ? fields : ['name'])), fc.oneof(stringField, hugeString.map((s) => s.slice(0, 20_000))), {
      maxKeys: 4,
    });
    const file = fc.record({
      name: fc.oneof(fc.constant('fuzz.txt'), anyString(40), fc.constantFrom('../../etc/passwd', 'a\u0000.txt', '\u202egpj.exe', 'x'.repeat(300) + '.txt')),
      content: fc.oneof(fc.constant('plain text\n'), fc.string({ unit: 'binary', maxLength: 200 }), fc.constant('%PDF-1.4\n')),
      type: fc.constantFrom('text/plain', 'application/pdf', 'image/png', 'application/x-msdownload', ''),
    });
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant<BodySpec>({ kind: 'base' }) },
      {
        weight: 5,
        arbitrary: fc.tuple(fieldValues, fc.option(file, { freq: 6, nil: undefined })).map(
          ([f, file]): BodySpec => ({ kind: 'multipart', fields: f, ...(file ? { file } : {}) }),
        ),
      },
      { weight: 1, arbitrary: raw },
    );
  }
  const fieldArb = fields.length > 0 ? fc.constantFrom(...fields) : fc.constantFrom('a', 'id', '__proto__');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<BodySpec>({ kind: 'base' }) },
    // The valid body with one field from a valid-shaped body: reaches the services with new values.
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fieldArb).map(([v, f]): BodySpec => {
        const value = v && typeof v === 'object' ? (v as Record<string, unknown>)[f] : undefined;
        return { kind: 'base-with', fields: value === undefined ? {} : { [f]: value } };
      }),
    },
    { weight: 3, arbitrary: valid.map((value): BodySpec => ({ kind: 'json', value })) },
    // The valid body with one field malformed.
    {
      weight: 4,
      arbitrary: fc.tuple(fieldArb, malformedValue).map(([f, value]): BodySpec => ({ kind: 'base-with', fields: { [f]: value } })),
    },
    // Several fields malformed, and fields nobody asked for.
    {
      weight: 1,
      arbitrary: fc
        .dictionary(fc.oneof(fieldArb, fc.constantFrom('id', 'role', 'client_id', 'is_staff', 'user', 'owner')), malformedValue, { maxKeys: 4 })
        .map((f): BodySpec => ({ kind: 'base-with', fields: f })),
    },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.oneof(malformedValue, fc.constantFrom(...EDGE_STRINGS)).map((value): BodySpec => ({ kind: 'json', value })) },
  );
}

const HEADERS: readonly [string, string][] = [
  ['Accept', 'application/xml'],
  ['Accept', 'text/csv'],
  ['Accept-Encoding', 'gzip;q=0, identity;q=0'],
  ['Content-Type', 'application/json'],
  ['Content-Type', 'text/plain'],
  ['Authorization', 'Token '],
  ['Authorization', 'Token \u00ff\u00fe'],
  ['Authorization', 'Token%00'],
  ['Authorization', 'Bearer x'],
  ['Authorization', `Token ${'a'.repeat(64)}`],
  ['X-Forwarded-For', '1.1.1.1, not-an-ip'],
  ['Idempotency-Key', 'k'.repeat(500)],
];

/** A request of one route. */
export function requestArbOf(r: ContractRoute, options: DeriveOptions): fc.Arbitrary<FuzzRequest> {
  const path = pathArb(r, options);
  return fc
    .record({
      persona: personaArb(r),
      path: path ?? fc.constant(undefined),
      query: queryArb(r, options),
      body: bodyArb(r, options),
      header: fc.oneof({ weight: 15, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.constantFrom(...HEADERS) }),
    })
    .map(({ persona, path, query, body, header }) => ({
      route: r.key,
      persona,
      ...(path ? { path } : {}),
      ...(query ? { query } : {}),
      body,
      ...(header ? { header } : {}),
    }));
}

/** Requests of every route, each route as likely as the next. */
export function requestArb(routes: readonly ContractRoute[], options: DeriveOptions): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...routes.map((r) => requestArbOf(r, options)));
}

/**
 * The systematic sweep (no randomness): for the route's usual caller, each malformed value in each field of the
 * body and the query and in the path parameter, and each wrong whole body.
 */
export function sweepRequests(r: ContractRoute, persona: PersonaName, baseFields: readonly string[]): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const shape = shapeOf(r);
  const base = { route: r.key, persona } as const;
  const path = r.param ? { path: { kind: 'own' } as const } : {};
  if (r.param) for (const value of SWEEP.path) out.push({ ...base, path: { kind: 'raw', value }, body: { kind: 'base' } });
  for (const key of fieldsOf(shape.query)) {
    for (const value of SWEEP.query) out.push({ ...base, ...path, query: `${key}=${value}`, body: { kind: 'base' } });
    out.push({ ...base, ...path, query: `${key}=1&${key}=2`, body: { kind: 'base' } });
  }
  if (!takesBody(r)) return out;
  const fields = [...new Set([...fieldsOf(shape.body), ...baseFields])];
  const multipart = isMultipart(r);
  for (const field of fields) {
    for (const value of multipart ? SWEEP.strings : [...SWEEP.strings, ...SWEEP.others]) {
      out.push({
        ...base,
        ...path,
        body: multipart
          ? { kind: 'multipart', fields: { [field]: value as string }, file: { name: 'fuzz.txt', content: 'fuzz\n' } }
          : { kind: 'base-with', fields: { [field]: value } },
      });
    }
  }
  if (!multipart) for (const raw of SWEEP.raw) out.push({ ...base, ...path, body: { kind: 'raw', ...raw } });
  return out;
}

/** The sweep's values: one of each kind of trouble, so every field of every route gets each (≈ 4,700 requests). */
const SWEEP = {
  strings: ['\u0000', 'a\u0000b', '\ud800x', 'x'.repeat(70_000), '\u202egpj.exe', "'; drop table users; --", '%00', '1e999', ''],
  others: [null, true, -1, 2 ** 31, 2 ** 53 + 1, 1e308, 1.5, [], {}, ['x'], { nested: { deeper: ['x'] } }] as unknown[],
  query: ['%00', 'a%00b', 'x'.repeat(4000), '-1', '1e999', '99999999999999999999', '%ZZ', '[]', 'true'],
  path: ['%00', '-1', '0', '1.5', '99999999999999999999', 'x'.repeat(300), '%ZZ', '..%2F..%2Fetc'],
  raw: [
    { type: 'application/json', text: '[]' },
    { type: 'application/json', text: '"text"' },
    { type: 'application/json', text: 'null' },
    { type: 'application/json', text: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) },
    { type: 'application/json', text: JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))) },
    { type: 'application/x-www-form-urlencoded', text: 'a=1&b[c]=2&b[c]=3' },
    { type: 'text/plain', text: 'plain text' },
  ] as RawBody[],
};
