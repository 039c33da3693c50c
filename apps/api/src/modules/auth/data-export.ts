import { eq } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/request-context';
import { getMe } from './auth.service';

/** Everything the product keeps about the caller, for the Export Data download. */
export async function exportUserData(deps: AppDeps, caller: AuthUser) {
  const user = await getMe(deps, caller);
  const clientRows = caller.clientId
    ? await deps.db.select().from(clients).where(eq(clients.id, caller.clientId))
    : [];
  return {
    exported_at: (deps.now?.() ?? new Date()).toISOString(),
    user,
    data: { client: clientRows as unknown as Record<string, unknown>[] },
  };
}
