import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';

const s = initServer();
const VERSION = process.env.npm_package_version ?? '0.1.0';

export function healthRoutes(deps: AppDeps) {
  return s.router(contract.health, {
    getHealth: async () => {
      const up = await deps.database.ping();
      const body = {
        status: up ? ('ok' as const) : ('degraded' as const),
        database: up ? ('up' as const) : ('down' as const),
        version: VERSION,
        time: deps.now().toISOString(),
      };
      return up ? { status: 200, body } : { status: 503, body };
    },
  });
}
