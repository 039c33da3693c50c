import type { TClient } from '@agency/contract';

/**
 * What the client pays for, as every admin screen shows it: the portal plan it subscribes to (billing keeps it, and
 * the fee and next payment follow it), else the agency's package.
 */
export function clientPlan(client: Pick<TClient, 'plan_name' | 'package'>): [label: string, value: string] {
  if (client.plan_name) return ['Plan', `${client.plan_name} (portal subscription)`];
  return ['Package', client.package.charAt(0).toUpperCase() + client.package.slice(1)];
}
