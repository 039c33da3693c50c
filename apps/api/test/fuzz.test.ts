/**
 * A bounded, schema-driven fuzz of every contract route: starting from a call that gets past validation (the
 * matrix's bodies and rows), each field of the body and of the query, and the path parameter, is replaced by
 * malformed values (NUL characters, lone surrogates, huge strings, wrong types, deep objects), and the body
 * itself by wrong shapes. No answer may be a 5xx (a route not built yet answers its 501).
 */
import type supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from './support/test-app';
import type { Session } from './support/factories';
import { contractRoutes, type ContractRoute, type ParamRouteKey } from './support/contract-routes';
import { BODIES, NOT_BUILT, PATH_PARAMS, paramFor, type Caller } from './support/route-inputs';
import { TEXT_FILE, seedWorld, throwawayUser, type Persona, type World } from './support/authz/world';

const STRING_VALUES: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800x',
  'x'.repeat(70_000),
  '\u202egpj.exe',
  "'; drop table users; --",
  '%00',
  '1e999',
  '',
];
const OTHER_VALUES: readonly unknown[] = [null, true, -1, 2 ** 31, 2 ** 53 + 1, 1e308, 1.5, [], {}, ['x'], { nested: { deeper: ['x'] } }];
const QUERY_VALUES: readonly string[] = ['%00', 'a%00b', 'x'.repeat(4000), '-1', '1e999', '99999999999999999999', '%ZZ', '[]', 'true'];
const PATH_VALUES: readonly string[] = ['%00', '-1', '0', '1.5', '99999999999999999999', 'x'.repeat(300), '%ZZ', '..%2F..%2Fetc'];
/** Whole bodies of the wrong shape, sent raw with a content type. */
const RAW_BODIES: readonly { type: string; body: string }[] = [
  { type: 'application/json', body: '[]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000) },
  { type: 'application/json', body: JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))) },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&b[c]=2&b[c]=3' },
  { type: 'text/plain', body: 'plain text' },
];

/** The field names an (object-like) zod schema accepts: objects, their refinements, unions and intersections. */
function fieldsOf(schema: unknown): string[] {
  if (!(schema instanceof z.ZodType)) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape as object);
  if (schema instanceof z.ZodEffects) return fieldsOf(schema.innerType());
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return fieldsOf(schema.unwrap());
  if (schema instanceof z.ZodDefault) return fieldsOf(schema.removeDefault());
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return [...new Set((schema.options as unknown[]).flatMap(fieldsOf))];
  }
  if (schema instanceof z.ZodIntersection) return [...fieldsOf(schema._def.left), ...fieldsOf(schema._def.right)];
  return [];
}

/** One malformed call: what it changes, and the request it makes. */
interface Variant {
  label: string;
  path?: string;
  query?: string;
  body?: unknown;
  raw?: { type: string; body: string };
}

function variantsOf(r: ContractRoute, base: object | undefined): Variant[] {
  const out: Variant[] = [];
  const route = r.route as { body?: unknown; query?: unknown; method: string };
  if (r.param) for (const value of PATH_VALUES) out.push({ label: `:${r.param}=${value.slice(0, 20)}`, path: value });
  for (const key of fieldsOf(route.query)) {
    for (const value of QUERY_VALUES) out.push({ label: `?${key}=${value.slice(0, 20)}`, query: `${key}=${value}` });
    out.push({ label: `?${key} twice`, query: `${key}=1&${key}=2` });
  }
  if (route.method === 'GET' || route.method === 'DELETE') return out;
  const fields = [...new Set([...fieldsOf(route.body), ...Object.keys(base ?? {})])];
  const multipart = r.key === 'files.uploadFile';
  for (const field of fields) {
    const values = multipart ? STRING_VALUES : [...STRING_VALUES, ...OTHER_VALUES];
    for (const value of values) {
      out.push({ label: `${field}=${JSON.stringify(value)?.slice(0, 24)}`, body: { ...(base ?? {}), [field]: value } });
    }
  }
  if (!multipart) for (const raw of RAW_BODIES) out.push({ label: `raw ${raw.type} ${raw.body.slice(0, 16)}`, raw });
  return out;
}

/** Routes that end or change the caller's session: each malformed call gets a fresh account. */
const SPENDS_THE_CALLER = new Set(['auth.logout', 'auth.changePassword', 'admin.deleteAdminAccount']);

let ctx: TestContext;
let world: World;
beforeAll(async () => {
  ctx = await createTestContext();
  world = await seedWorld(ctx);
}, 180_000);
afterAll(async () => {
  await ctx?.close();
});

/** The caller a route is fuzzed as: anonymous for public routes, a client where clients may call, else the admin. */
function callerOf(r: ContractRoute): Persona | undefined {
  if (r.roles.includes('public')) return undefined;
  return r.roles.includes('client') ? world.a : world.admin;
}

async function send(r: ContractRoute, persona: Persona | undefined, v: Variant): Promise<supertest.Response> {
  let session: Session | undefined = persona?.session;
  if (persona && SPENDS_THE_CALLER.has(r.key)) session = await throwawayUser(ctx, persona.role);
  const rule = r.param ? PATH_PARAMS[r.key as ParamRouteKey] : undefined;
  const param = v.path ?? paramFor(world, rule, persona?.role ?? 'client', persona ?? world.a);
  // The path value is sent as written (it may hold escapes on purpose).
  let url = r.param === null ? r.route.path : r.route.path.replace(`:${r.param}`, v.path ?? encodeURIComponent(String(param)));
  if (v.query) url += `?${v.query}`;
  const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  let req = ctx.request()[method](url);
  if (session) req = req.set(session.auth);
  if (v.raw) return req.set('Content-Type', v.raw.type).send(v.raw.body);
  const caller: Caller = { persona, session };
  const body = v.body ?? BODIES[r.key]?.(caller, world);
  if (r.key === 'files.uploadFile') {
    for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) req = req.field(name, String(value));
    return req.attach('file', TEXT_FILE, 'fuzz.txt');
  }
  return body === undefined ? req : req.send(body as object);
}

const routes = contractRoutes();

describe('schema-driven fuzz: no malformed input gets a 5xx', () => {
  it('covers every route of the contract', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it.each(routes.map((r) => [r.key, r] as const))('%s', async (key, r) => {
    const persona = callerOf(r);
    const base = BODIES[key]?.({ persona, session: persona?.session }, world);
    const problems: string[] = [];
    for (const v of variantsOf(r, base)) {
      const res = await send(r, persona, v);
      const allowed = res.status < 500 || (res.status === 501 && NOT_BUILT.has(key));
      if (!allowed) problems.push(`${v.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
