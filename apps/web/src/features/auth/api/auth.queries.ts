import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';

/**
 * GET /api/demo-logins: the demo accounts while demo data is present; 404 when demo data is off.
 * This route is outside the typed contract (it is not part of the product API), so it is a plain fetch.
 */
const ZDemoLoginsSchema = z.object({
  logins: z.array(z.object({ role: z.string(), email: z.string(), password: z.string() })),
});
export type TDemoLogin = z.infer<typeof ZDemoLoginsSchema>['logins'][number];

export async function fetchDemoLogins(): Promise<TDemoLogin[]> {
  const res = await fetch('/api/demo-logins', { headers: { accept: 'application/json' } });
  if (res.status === 404) return [];
  if (!res.ok) throw new Error(`HTTP error! status: ${res.status}`);
  const parsed = ZDemoLoginsSchema.safeParse(await res.json());
  return parsed.success ? parsed.data.logins : [];
}

export const authKeys = {
  all: ['auth'] as const,
  demoLogins: () => [...authKeys.all, 'demo-logins'] as const,
};

export const demoLoginsQuery = () =>
  queryOptions({
    queryKey: authKeys.demoLogins(),
    queryFn: fetchDemoLogins,
    retry: false,
    staleTime: Infinity,
  });
