import type { RequestHandler } from 'express';
import { validateResponse, type AppRoute } from '@ts-rest/core';
import type { TError } from '@agency/contract';

/**
 * Under test, every JSON answer of a contract route (successes and errors alike) is checked against the
 * contract's schema for that route and status; a mismatch becomes a 500 naming the problem, so an integration
 * test that receives it fails. Undeclared statuses fail too (the contract uses strict status codes).
 */
export function responseContractCheck(): RequestHandler {
  return (req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const route = (req as { tsRestRoute?: AppRoute }).tsRestRoute;
      if (!route) return json(body);
      try {
        validateResponse({ appRoute: route, response: { status: res.statusCode, body } });
        return json(body);
      } catch (err) {
        const detail = `Response does not match the contract for ${route.method} ${route.path} (${res.statusCode}): ${
          err instanceof Error ? err.message : String(err)
        }`;
        req.log?.error({ body }, detail);
        res.status(500);
        return json({ detail, code: 'contract_violation' } satisfies TError);
      }
    };
    next();
  };
}
