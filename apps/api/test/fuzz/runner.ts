/**
 * Sends fuzz requests to an app and checks each answer: no 5xx (a route still NOT_BUILT may answer 501), no
 * answer slower than 15 s, and no string of one tenant in an answer to the other tenant or to nobody.
 * Used by the bounded vitest run (test/fuzz.test.ts), the sweep (test/fuzz-sweep.test.ts) and `pnpm fuzz`.
 */
import type { Server } from 'node:http';
import fc from 'fast-check';
import supertest from 'supertest';
import type { TestContext } from '../support/test-app';
import type { Session } from '../support/factories';
import { contractRoutes, type ContractRoute, type ParamRouteKey, type RouteKey } from '../support/contract-routes';
import { BODIES, NOT_BUILT, PATH_PARAMS, paramFor, type Caller } from '../support/route-inputs';
import { TEXT_FILE, throwawayUser, type Persona } from '../support/authz/world';
import { requestArb, type FuzzRequest, type PersonaName } from './requests';
import type { FuzzWorld } from './world';

/**
 * An answer slower than this fails the run, as a hang: not a latency budget (those are the benchmarks'), since the
 * system tier runs the sweep beside benchmark smoke runs on a loaded machine.
 */
export const SLOW_MS = 15_000;
/** A request still unanswered after this is given up on (and fails as a hang). */
const GIVE_UP_MS = 30_000;

/** Routes that end or change the caller's session: each call gets a fresh account. */
const SPENDS_THE_CALLER = new Set<RouteKey>(['auth.logout', 'auth.changePassword', 'admin.deleteAdminAccount']);

export interface Outcome {
  status: number;
  ms: number;
  /** The answer's bytes as UTF-8 text. */
  text: string;
  method: string;
  url: string;
  /** What was sent, for the report. */
  sent: string;
}

export interface Failure {
  kind: '5xx' | 'slow' | 'leak' | 'error';
  /** How to replay it: `pnpm fuzz --seed <seed> --replay <path>`. */
  seed?: number;
  path?: string;
  request: FuzzRequest;
  method: string;
  url: string;
  sent: string;
  status: number;
  ms: number;
  detail: string;
}

export interface Summary {
  seed?: number;
  requests: number;
  ms: number;
  statuses: Record<string, number>;
  /** The same per persona. */
  byPersona: Record<string, Record<string, number>>;
  /** The slowest answers (route, persona, status, ms). */
  slowest: { route: RouteKey; persona: PersonaName; status: number; ms: number; index: number }[];
  /** Mean answer time of each tenth of the run, in ms (growth shows a cost that grows with the data). */
  meanMsByTenth: number[];
  /** Routes that never answered a 2xx (so never reached their service with a valid input). */
  routesWithout2xx: RouteKey[];
  failures: Failure[];
}

export interface Fuzzer {
  routes: ContractRoute[];
  fw: FuzzWorld;
  send: (request: FuzzRequest) => Promise<Outcome>;
  check: (request: FuzzRequest, outcome: Outcome) => Omit<Failure, 'seed' | 'path'> | undefined;
  close: () => Promise<void>;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** JSON with the characters a terminal would hide or swallow escaped. */
export function show(value: unknown, n = 300): string {
  const text = JSON.stringify(value, (_k, v: unknown) => (v === undefined ? '<undefined>' : v)) ?? String(value);
  // eslint-disable-next-line no-control-regex
  return clip(text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`), n);
}

export function createFuzzer(ctx: TestContext, fw: FuzzWorld): Fuzzer {
  const server: Server = ctx.app.listen(0, '127.0.0.1');
  const agent = supertest(server);
  const routes = contractRoutes();
  const byKey = new Map(routes.map((r) => [r.key, r]));
  const { world, markers } = fw;
  const personaOf = (name: PersonaName): Persona | undefined =>
    name === 'anonymous' ? undefined : name === 'admin' ? world.admin : name === 'clientA' ? world.a : world.b;
  const otherOf = (name: PersonaName): Persona => (name === 'clientB' ? world.a : world.b);

  async function send(request: FuzzRequest): Promise<Outcome> {
    const r = byKey.get(request.route);
    if (!r) throw new Error(`no route ${request.route}`);
    const persona = personaOf(request.persona);
    let session: Session | undefined = persona?.session;
    if (persona && SPENDS_THE_CALLER.has(r.key)) session = await throwawayUser(ctx, persona.role);
    let segment = '';
    if (r.param) {
      const rule = PATH_PARAMS[r.key as ParamRouteKey];
      const spec = request.path ?? { kind: 'own' };
      if (spec.kind === 'raw') segment = spec.value;
      else {
        const owner = spec.kind === 'own' ? (persona ?? world.a) : otherOf(request.persona);
        segment = encodeURIComponent(String(paramFor(world, rule, persona?.role ?? 'client', owner)));
      }
    }
    let url = r.param === null ? r.route.path : r.route.path.replace(`:${r.param}`, segment);
    if (request.query) url += `?${request.query}`;
    const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    let req = agent[method](url).timeout({ response: GIVE_UP_MS, deadline: GIVE_UP_MS });
    if (session) req = req.set(session.auth);
    if (request.header) req = req.set(request.header[0], request.header[1]);
    // Every answer as bytes, whatever its type (JSON, CSV, PDF), so the leak check reads all of it.
    req = req.buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
      res.on('error', (e) => done(e, Buffer.alloc(0)));
    });
    const caller: Caller = { persona, session };
    const base = (): Record<string, unknown> => {
      // Each signed-in caller signs in as itself (the matrix's login body is client A's).
      if (r.key === 'auth.login' && session) return { email: session.user.email, password: session.password };
      return (BODIES[r.key]?.(caller, world) ?? {}) as Record<string, unknown>;
    };
    const b = request.body;
    let sent = '';
    if (b.kind === 'raw') {
      req = req.set('Content-Type', b.type).send(b.text);
      sent = `${b.type}: ${show(b.text, 120)}`;
    } else if (b.kind === 'multipart' || (b.kind !== 'none' && r.key === 'files.uploadFile')) {
      const fields =
        b.kind === 'multipart'
          ? b.fields
          : Object.fromEntries(Object.entries({ ...base(), ...(b.kind === 'base-with' ? b.fields : {}) }).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v) ?? '']));
      for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
      const file = b.kind === 'multipart' ? b.file : { name: 'fuzz.txt', content: TEXT_FILE.toString('utf8'), type: 'text/plain' };
      if (file) req = req.attach('file', Buffer.from(file.content, 'utf8'), { filename: file.name, ...(file.type ? { contentType: file.type } : {}) });
      sent = `multipart ${show(fields, 200)}${file ? ` + file ${show(file.name, 60)}` : ''}`;
    } else if (b.kind !== 'none') {
      const value = b.kind === 'json' ? b.value : { ...base(), ...(b.kind === 'base-with' ? b.fields : {}) };
      // Serialized here, so a Content-Type header of the request (text/plain...) does not stop superagent.
      if (request.header?.[0] !== 'Content-Type') req = req.set('Content-Type', 'application/json');
      req = req.send(JSON.stringify(value) ?? '');
      sent = show(value);
    }
    const started = performance.now();
    let res: supertest.Response;
    try {
      res = await req;
    } catch (error) {
      const e = error as { timeout?: number; code?: string; message?: string; response?: supertest.Response };
      if (!e.response) {
        return { status: e.timeout ? -1 : -2, ms: performance.now() - started, text: e.message ?? String(error), method: method.toUpperCase(), url, sent };
      }
      res = e.response;
    }
    const ms = performance.now() - started;
    const body = res.body as unknown;
    const text = Buffer.isBuffer(body) ? body.toString('utf8') : (res.text ?? '');
    return { status: res.status, ms, text, method: method.toUpperCase(), url, sent };
  }

  function check(request: FuzzRequest, o: Outcome): Omit<Failure, 'seed' | 'path'> | undefined {
    const fail = (kind: Failure['kind'], detail: string) => ({
      kind,
      request,
      method: o.method,
      url: clip(o.url, 300),
      sent: o.sent,
      status: o.status,
      ms: Math.round(o.ms),
      detail,
    });
    if (o.status < 0) return fail(o.status === -1 ? 'slow' : 'error', `no answer: ${o.text}`);
    if (o.status >= 500 && !(o.status === 501 && NOT_BUILT.has(request.route))) return fail('5xx', clip(o.text));
    if (o.ms > SLOW_MS) return fail('slow', `answered in ${Math.round(o.ms)} ms (limit ${SLOW_MS} ms)`);
    // Anonymous sign-in is client A's (the matrix's login body): that answer is A's own.
    const foreign =
      request.persona === 'clientA'
        ? markers.b
        : request.persona === 'clientB'
          ? markers.a
          : request.persona === 'anonymous' && request.route !== 'auth.login'
            ? [...markers.a, ...markers.b]
            : [];
    const found = foreign.find((m) => o.text.includes(m));
    if (found) {
      const at = o.text.indexOf(found);
      return fail('leak', `the answer holds ${show(found)} of another tenant: …${show(o.text.slice(Math.max(0, at - 120), at + found.length + 60), 400)}…`);
    }
    return undefined;
  }

  return {
    routes,
    fw,
    send,
    check,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RunOptions {
  seed: number;
  runs: number;
  /** Replays one request of a run (the `path` of its failure) instead of the whole run. */
  replay?: string;
  /** Called after each request (progress lines of the CLI). */
  onRequest?: (index: number, request: FuzzRequest, outcome: Outcome, failure: Failure | undefined) => void;
}

/**
 * Sends `runs` requests drawn by fast-check from `seed` and checks each answer. The run does not stop at the
 * first failure: every failure is collected with the seed and path that replay it.
 */
export async function runFuzz(fuzzer: Fuzzer, options: RunOptions): Promise<Summary> {
  const arb = requestArb(fuzzer.routes, { ids: fuzzer.fw.ids });
  const statuses: Record<string, number> = {};
  const byPersona: Record<string, Record<string, number>> = {};
  const reached = new Set<RouteKey>();
  const failures: Failure[] = [];
  let index = 0;
  const slowest: Summary['slowest'] = [];
  const tenths: { ms: number; n: number }[] = [];
  const started = performance.now();
  const property = fc.asyncProperty(arb, async (request) => {
    const path = options.replay ?? String(index);
    const outcome = await fuzzer.send(request);
    statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
    const mine = (byPersona[request.persona] ??= {});
    mine[outcome.status] = (mine[outcome.status] ?? 0) + 1;
    if (outcome.status >= 200 && outcome.status < 300) reached.add(request.route);
    slowest.push({ route: request.route, persona: request.persona, status: outcome.status, ms: Math.round(outcome.ms), index });
    slowest.sort((a, b) => b.ms - a.ms).splice(10);
    const tenth = (tenths[Math.min(9, Math.floor((index * 10) / Math.max(1, options.runs)))] ??= { ms: 0, n: 0 });
    tenth.ms += outcome.ms;
    tenth.n += 1;
    const found = fuzzer.check(request, outcome);
    const failure = found ? { ...found, seed: options.seed, path } : undefined;
    if (failure) failures.push(failure);
    options.onRequest?.(index, request, outcome, failure);
    index += 1;
    return true;
  });
  const result = await fc.check(property, {
    seed: options.seed,
    numRuns: options.replay ? 1 : options.runs,
    ...(options.replay ? { path: options.replay } : {}),
    // One request at a time, each answer checked inside the property; nothing to shrink.
    endOnFailure: true,
  });
  if (result.failed) throw new Error(`the fuzz run itself failed: ${String(result.errorInstance ?? result.error)}`);
  return {
    seed: options.seed,
    requests: index,
    ms: Math.round(performance.now() - started),
    statuses,
    byPersona,
    slowest,
    meanMsByTenth: tenths.map((t) => Math.round(t.ms / Math.max(1, t.n))),
    routesWithout2xx: fuzzer.routes.map((r) => r.key).filter((k) => !reached.has(k)),
    failures,
  };
}

/** A failure as a reader needs it: what broke, who sent what where, and how to replay it. */
export function describeFailure(f: Failure): string {
  const lines = [
    `${f.kind.toUpperCase()} ${f.status} in ${f.ms} ms — ${f.request.route} as ${f.request.persona}`,
    `  ${f.method} ${f.url}`,
    ...(f.sent ? [`  body: ${f.sent}`] : []),
    ...(f.request.header ? [`  header: ${show(f.request.header)}`] : []),
    `  request: ${show(f.request, 600)}`,
    `  ${f.detail}`,
  ];
  if (f.seed !== undefined && f.path !== undefined) lines.push(`  replay: pnpm fuzz --seed ${f.seed} --replay ${f.path}`);
  return lines.join('\n');
}

export function describeSummary(s: Summary): string {
  const histogram = (h: Record<string, number>) =>
    Object.entries(h)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([status, n]) => `${status === '-1' ? 'timeout' : status === '-2' ? 'no answer' : status}: ${n}`)
      .join(', ');
  const lines = [
    `fuzz: ${s.requests} requests in ${(s.ms / 1000).toFixed(1)} s${s.seed !== undefined ? ` (seed ${s.seed})` : ''}`,
    `statuses: ${histogram(s.statuses)}`,
    ...Object.entries(s.byPersona).map(([p, h]) => `  as ${p}: ${histogram(h)}`),
    `mean ms per tenth of the run: ${s.meanMsByTenth.join(', ')}`,
    `slowest: ${s.slowest.map((x) => `${x.route} as ${x.persona} ${x.status} ${x.ms} ms (#${x.index})`).join('; ')}`,
    `routes that never answered 2xx (${s.routesWithout2xx.length}): ${s.routesWithout2xx.join(', ') || 'none'}`,
    `failures: ${s.failures.length}`,
    ...s.failures.slice(0, 50).map(describeFailure),
  ];
  if (s.failures.length > 50) lines.push(`… and ${s.failures.length - 50} more`);
  return lines.join('\n');
}
