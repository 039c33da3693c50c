import { contract, ZServerEventSchema } from '@agency/contract';
import { isZodType, type ServerInferResponses } from '@ts-rest/core';
import { describe, expect, it, vi } from 'vitest';
import { tsr } from '@/lib/tsr';
import {
  apiRequests,
  assertNoContractViolations,
  contractRoutes,
  generatedBody,
  mockInvalidResponse,
  mockRoute,
  openSockets,
  pushServerEvent,
  successStatus,
} from './mock-api';

describe('the mock API built from the contract', () => {
  it('has a default for every contract route whose generated body matches that route’s schema', () => {
    const routes = contractRoutes();
    expect(routes.length).toBeGreaterThan(90);
    const invalid = routes.flatMap((route) => {
      const schema = (route.responses as Record<number, unknown>)[successStatus(route)];
      if (!isZodType(schema)) return [];
      const parsed = schema.safeParse(generatedBody(route));
      return parsed.success ? [] : [`${route.method} ${route.path}`];
    });
    expect(invalid).toEqual([]);
  });

  it('answers a route with no override with its generated body, the same in every run', async () => {
    const res = await tsr.clients.getClientSummary.query();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(generatedBody(contract.clients.getClientSummary));
    expect(apiRequests({ route: contract.clients.getClientSummary })).toHaveLength(1);
  });

  it('serves a typed override and records the requests it answered', async () => {
    const calls = mockRoute(contract.clients.getClient, { status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    const res = await tsr.clients.getClient.query({ params: { id: 5 } });
    expect(res).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(calls.map((c) => [c.url.pathname, c.params.id])).toEqual([['/api/clients/5/', '5']]);

    // Overrides are typed by the contract: a status or body the route does not declare is a type error.
    // @ts-expect-error 418 is no response of getClient
    mockRoute(contract.clients.getClient, { status: 418, body: { detail: 'x', code: 'x' } });
    // @ts-expect-error a client summary has no `clients` field
    mockRoute(contract.clients.getClientSummary, { status: 200, body: { clients: 1 } });
  });

  it('counts a mocked body that breaks the schema as a contract violation', async () => {
    mockRoute(contract.clients.getClientSummary, { status: 200, body: { total: 1, active: 1, monthly_revenue: 1, overdue: 1 } });
    await tsr.clients.getClientSummary.query();
    expect(() => assertNoContractViolations()).not.toThrow();

    mockInvalidResponse(contract.clients.getClientSummary, 299, { total: 'many' });
    await tsr.clients.getClientSummary.query();
    expect(() => assertNoContractViolations()).toThrow(/declares no 299 response/);

    const broken = { status: 200, body: { total: 'many', active: 1, monthly_revenue: 1, overdue: 1 } };
    mockRoute(contract.clients.getClientSummary, broken as unknown as ServerInferResponses<typeof contract.clients.getClientSummary>);
    await tsr.clients.getClientSummary.query();
    expect(() => assertNoContractViolations()).toThrow(/does not match the contract/);
  });

  it('counts a request the contract does not accept, or a path it does not have, as a violation', async () => {
    await fetch('/api/clients/?page_size=100000');
    expect(() => assertNoContractViolations()).toThrow(/GET \/api\/clients\/: query/);
    await fetch('/api/no-such-route/').catch(() => undefined);
    expect(() => assertNoContractViolations()).toThrow(/no contract route answers/);
  });

  it('speaks the realtime protocol of the contract on /api/ws: pong to a ping, pushed server events', async () => {
    const socket = new WebSocket('ws://localhost:3000/api/ws?ticket=t1');
    const frames: unknown[] = [];
    socket.onmessage = (e: MessageEvent) => frames.push(ZServerEventSchema.parse(JSON.parse(String(e.data))));
    await new Promise<void>((resolve) => socket.addEventListener('open', () => resolve()));
    expect(openSockets()).toBe(1);
    socket.send(JSON.stringify({ type: 'ping' }));
    await vi.waitFor(() => expect(frames).toEqual([{ type: 'pong' }]));
    pushServerEvent({ type: 'message.created', messageId: 3, clientId: 9 });
    await vi.waitFor(() => expect(frames).toEqual([{ type: 'pong' }, { type: 'message.created', messageId: 3, clientId: 9 }]));
    socket.send('{"type":"subscribe"}');
    socket.close();
    await vi.waitFor(() => expect(() => assertNoContractViolations()).toThrow(/frame the contract does not know/));
  });
});
