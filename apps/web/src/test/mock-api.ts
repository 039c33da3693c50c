import { contract, parseClientFrame, WS_CLOSE_SESSION_ENDED, ZServerEventSchema, type TServerEvent } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import {
  isAppRoute,
  isAppRouteNoBody,
  isAppRouteOtherResponse,
  isZodType,
  type AppRoute,
  type AppRouter,
  type ServerInferResponses,
} from '@ts-rest/core';
import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse, ws, type HttpHandler, type WebSocketHandler, type WebSocketHandlerConnection } from 'msw';
import { setupServer } from 'msw/node';
import type { ZodTypeAny } from 'zod';

/*
 * The web's mock API, built from the contract (consumer-side contract tests).
 *
 * - Every contract route has a default MSW handler that answers its first 2xx status with a body generated from
 *   that status's zod schema (@anatine/zod-mock + faker, seeded per route so runs are repeatable).
 * - mockRoute(contract.x.y, { status, body }) overrides one route for the current test; the status and body are
 *   typed by the contract (ServerInferResponses) and the body is checked against the schema at run time too.
 * - Requests the web sends are checked against the route's body and query schemas; a request to no contract route
 *   is unhandled. Both are contract violations that fail the test (setup.ts calls assertNoContractViolations).
 * - The realtime socket (/api/ws) speaks the contract's protocol: it answers a ping with a pong and
 *   pushServerEvent() sends a typed, validated server event to every open socket. No test reaches a real host.
 *
 * A contract change the web does not follow therefore fails the typecheck (typed overrides, typed tsr calls) or a
 * test (generated bodies follow the new schema; requests are validated against it).
 */

/** A request the mock API received. */
export interface TMockRequest {
  method: string;
  url: URL;
  /** Path parameters by name (`:id` → params.id). */
  params: Record<string, string>;
  headers: Headers;
  /** Parsed JSON body, the FormData of a multipart body, else undefined. */
  body: unknown;
}

type TResponder<R extends AppRoute> =
  | ServerInferResponses<R>
  | ((request: TMockRequest) => ServerInferResponses<R> | Promise<ServerInferResponses<R>>);

/** Every route of a router, depth first (the same walk ts-rest does). */
export function contractRoutes(router: AppRouter = contract): AppRoute[] {
  return Object.values(router).flatMap((entry) => (isAppRoute(entry) ? [entry] : contractRoutes(entry)));
}

const routeName = (route: AppRoute) => `${route.method} ${route.path}`;

/** A stable seed per route, so a generated body is the same in every run and every test. */
function seedOf(route: AppRoute): number {
  let h = 7;
  for (const ch of routeName(route)) h = (h * 31 + ch.charCodeAt(0)) % 1_000_003;
  return h;
}

/** The route's success status: its lowest declared 2xx. */
export function successStatus(route: AppRoute): number {
  const statuses = Object.keys(route.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b);
  const status = statuses[0];
  if (status === undefined) throw new Error(`${routeName(route)} declares no 2xx response`);
  return status;
}

type TResponseSchema = AppRoute['responses'][number];

function responseSchema(route: AppRoute, status: number): TResponseSchema | undefined {
  return (route.responses as Record<number, TResponseSchema | undefined>)[status];
}

/** A body for `status` of `route`, generated from its schema (undefined for no-body and non-JSON responses). */
export function generatedBody(route: AppRoute, status: number = successStatus(route)): unknown {
  const schema = responseSchema(route, status);
  if (!isZodType(schema)) return undefined;
  return generateMock(schema as ZodTypeAny, { seed: seedOf(route) });
}

/* ---- contract violations: collected during a test, thrown after it ---- */

let violations: string[] = [];
let requests: TMockRequest[] = [];

function violation(text: string): void {
  violations.push(text);
}

/** Fails the current test when the web broke the contract (or a mock did). Called after each test by setup.ts. */
export function assertNoContractViolations(): void {
  const found = violations;
  violations = [];
  if (found.length > 0) throw new Error(`Contract violations in the mock API:\n- ${found.join('\n- ')}`);
}

/** Every request the mock API answered in this test, oldest first. */
export function apiRequests(filter?: { route?: AppRoute; path?: string }): TMockRequest[] {
  return requests.filter((r) => {
    if (filter?.path !== undefined && r.url.pathname !== filter.path) return false;
    if (filter?.route && !matchesRoute(filter.route, r)) return false;
    return true;
  });
}

function matchesRoute(route: AppRoute, r: TMockRequest): boolean {
  if (r.method !== route.method) return false;
  const pattern = new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]\w*/g, '[^/]+')}$`);
  return pattern.test(r.url.pathname);
}

/* ---- request and response checks ---- */

async function readRequest(request: Request, params: Record<string, string | readonly string[] | undefined>): Promise<TMockRequest> {
  const type = request.headers.get('content-type') ?? '';
  let body: unknown;
  if (type.includes('application/json')) {
    const text = await request.clone().text();
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } else if (type.includes('multipart/form-data')) {
    body = await request.clone().formData();
  }
  const flatParams: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') flatParams[k] = v;
  return { method: request.method, url: new URL(request.url), params: flatParams, headers: request.headers, body };
}

function checkRequest(route: AppRoute, req: TMockRequest): void {
  const query = (route as { query?: unknown }).query;
  if (isZodType(query)) {
    const values: Record<string, string | string[]> = {};
    for (const key of new Set(req.url.searchParams.keys())) {
      const all = req.url.searchParams.getAll(key);
      values[key] = all.length > 1 ? all : all[0]!;
    }
    const parsed = query.safeParse(values);
    if (!parsed.success) violation(`${routeName(route)}: query ${req.url.search} does not match the contract: ${parsed.error.message}`);
  }
  const body = (route as { body?: unknown }).body;
  if (route.method !== 'GET' && isZodType(body)) {
    const value = req.body instanceof FormData ? Object.fromEntries(req.body) : req.body;
    const parsed = body.safeParse(value);
    if (!parsed.success) violation(`${routeName(route)}: request body does not match the contract: ${parsed.error.message}`);
  }
}

function checkResponse(route: AppRoute, status: number, body: unknown): void {
  if (!(status in route.responses)) {
    violation(`${routeName(route)}: the contract declares no ${status} response`);
    return;
  }
  const schema = responseSchema(route, status);
  if (isZodType(schema)) {
    const parsed = schema.safeParse(body);
    if (!parsed.success) violation(`${routeName(route)} ${status}: the mocked body does not match the contract: ${parsed.error.message}`);
  }
}

function toHttpResponse(route: AppRoute, status: number, body: unknown): Response {
  const schema = responseSchema(route, status);
  if (schema === undefined || isAppRouteNoBody(schema) || status === 204) return new HttpResponse(null, { status });
  if (isAppRouteOtherResponse(schema)) {
    const payload = body instanceof Blob || typeof body === 'string' ? body : 'mock';
    return new HttpResponse(payload, { status, headers: { 'content-type': schema.contentType } });
  }
  return HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0], { status });
}

/* ---- handlers ---- */

type TAnswer = (req: TMockRequest) => Promise<{ status: number; body: unknown; checked: boolean }>;

function handlerFor(route: AppRoute, answer: TAnswer, once = false): HttpHandler {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](
    route.path,
    async ({ request, params }) => {
      const req = await readRequest(request, params);
      requests.push(req);
      checkRequest(route, req);
      const { status, body, checked } = await answer(req);
      if (checked) checkResponse(route, status, body);
      return toHttpResponse(route, status, body);
    },
    { once },
  );
}

function defaultHandler(route: AppRoute): HttpHandler {
  return handlerFor(route, async () => {
    const status = successStatus(route);
    return { status, body: generatedBody(route, status), checked: false };
  });
}

/** Static path segments before parameters, so /api/clients/summary/ wins over /api/clients/:id/ (as in the API). */
const bySpecificity = (a: AppRoute, b: AppRoute) => (a.path.match(/:/g)?.length ?? 0) - (b.path.match(/:/g)?.length ?? 0);

export const defaultHandlers: HttpHandler[] = contractRoutes().sort(bySpecificity).map(defaultHandler);

/** The WebSocket of /api/ws?ticket=… on any host. */
const realtimeSocket = ws.link(/^wss?:\/\/[^/]+\/api\/ws(\?.*)?$/);

/**
 * The sockets open now. msw's `clients` keeps every socket it ever saw (it forgets them only when its worker stops),
 * and the mock API outlives a test file (src/test/shared-jsdom-environment.ts).
 */
const openRealtimeClients = new Set<WebSocketHandlerConnection['client']>();

const realtimeHandler: WebSocketHandler = realtimeSocket.addEventListener('connection', ({ client }) => {
  openRealtimeClients.add(client);
  client.addEventListener('close', () => openRealtimeClients.delete(client));
  client.addEventListener('message', (event) => {
    const frame = typeof event.data === 'string' ? parseClientFrame(event.data) : null;
    if (!frame) violation(`/api/ws: the browser sent a frame the contract does not know: ${String(event.data)}`);
    else if (frame.type === 'ping') client.send(JSON.stringify({ type: 'pong' } satisfies TServerEvent));
  });
});

/** Sends a server event (validated against the contract's protocol) to every open realtime socket. */
export function pushServerEvent(event: TServerEvent): void {
  const frame = JSON.stringify(ZServerEventSchema.parse(event));
  for (const client of openRealtimeClients) client.send(frame);
}

/** Closes every open realtime socket as the API does when a session ends (revoked, or its role or reach changed). */
export function endRealtimeSessions(): void {
  for (const client of openRealtimeClients) client.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
}

/** Open realtime sockets of this test. */
export function openSockets(): number {
  return openRealtimeClients.size;
}

export const server = setupServer(...defaultHandlers, realtimeHandler);

/**
 * Answer `route` with `response` (or with what `response(request)` returns) in the current test. The status and the
 * body are typed by the contract; the body is also validated against the schema of that status when it is sent.
 * Returns the requests this override answered.
 */
export function mockRoute<R extends AppRoute>(route: R, response: TResponder<R>, options: { once?: boolean } = {}): TMockRequest[] {
  const calls: TMockRequest[] = [];
  server.use(
    handlerFor(
      route,
      async (req) => {
        calls.push(req);
        const res: { status: number; body?: unknown } = typeof response === 'function' ? await response(req) : response;
        return { status: res.status, body: res.body, checked: true };
      },
      options.once,
    ),
  );
  return calls;
}

/**
 * Answer `route` with a body that breaks the contract on purpose (how the web copes with a malformed answer).
 * The only way a test may send an off-contract body; the status must still be one the route declares.
 */
export function mockInvalidResponse(route: AppRoute, status: number, body: unknown): TMockRequest[] {
  const calls: TMockRequest[] = [];
  server.use(
    handlerFor(route, async (req) => {
      calls.push(req);
      if (!(status in route.responses)) violation(`${routeName(route)}: the contract declares no ${status} response`);
      return { status, body, checked: false };
    }),
  );
  return calls;
}

/**
 * A File that fetch can send in a multipart body under test. jsdom's own File has no readable stream, so a
 * FormData holding one never finishes sending; Node's File (what a browser's File is to fetch) does.
 */
export function uploadableFile(content: string, name: string, type: string): File {
  return new NodeFile([content], name, { type }) as unknown as File;
}

/** A request to no contract route: the web called something the contract does not have. */
export function onUnhandledRequest(request: Request): void {
  violation(`${request.method} ${request.url}: no contract route answers this request`);
}

/**
 * Forget this test's overrides and requests, and close the realtime sockets it left open (after each test): the mock
 * API lives as long as the worker, which runs many test files (src/test/shared-jsdom-environment.ts).
 */
export function resetMockApi(): void {
  server.resetHandlers();
  requests = [];
  for (const client of openRealtimeClients) client.close(1000, 'test ended');
}
