import { contract, type TApiKeyResource } from '@agency/contract';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';

/** Which contract groups an API key's resource covers; every other group (accounts, settings, billing, files, keys) is closed to keys. */
const RESOURCE_OF_GROUP: Partial<Record<keyof typeof contract, TApiKeyResource>> = {
  clients: 'clients',
  leads: 'leads',
  tasks: 'tasks',
  content: 'content',
  invoices: 'invoices',
  orders: 'orders',
  intake: 'orders',
  messages: 'messages',
  analytics: 'analytics',
  dashboard: 'analytics',
  performance: 'analytics',
  metrics: 'analytics',
};

const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** "METHOD /api/path/:id/" → its resource, for every contract route a key may reach. */
const resourceOfRoute = new Map<string, TApiKeyResource>();
for (const [group, routes] of Object.entries(contract) as [keyof typeof contract, Record<string, { method: string; path: string }>][]) {
  const resource = RESOURCE_OF_GROUP[group];
  if (!resource) continue;
  for (const route of Object.values(routes)) resourceOfRoute.set(routeKey(route.method, route.path), resource);
}

/**
 * Refuses (403) a request made with an API key that its scopes do not cover: a route outside the key resources,
 * or a change (any method but GET) with read access only.
 */
export function checkApiKeyScope(actor: UserActor, route: { method: string; path: string }): void {
  if (!actor.apiKey) return;
  const resource = resourceOfRoute.get(routeKey(route.method, route.path));
  if (!resource) throw new AppError('permission_denied', 'API keys cannot use this route.');
  const needed = route.method === 'GET' ? 'read' : 'write';
  const granted = actor.apiKey.scopes[resource];
  if (!granted || (needed === 'write' && granted !== 'write')) {
    throw new AppError('permission_denied', `This API key has no ${needed} access to ${resource}.`);
  }
}
