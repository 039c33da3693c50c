/**
 * The systematic half of the fuzz (the random half is fuzz.test.ts): for every contract route, as its usual
 * caller, each field of the body and of the query and the path parameter is replaced by each malformed value
 * (NUL characters, lone surrogates, huge strings, wrong types, deep objects), and the body itself by each wrong
 * shape or content type. No answer may be a 5xx (a route not built yet answers its 501), take over 15 s (a hang), or hold
 * the other tenant's data.
 */
import { describe, expect, it } from 'vitest';
import { contractRoutes, type ContractRoute } from '../support/contract-routes';
import { BODIES } from '../support/route-inputs';
import { describeFailure } from '../fuzz/runner';
import { sweepRequests, type PersonaName } from '../fuzz/requests';
import { useFuzzer } from '../fuzz/use-fuzzer';

const fuzz = useFuzzer();

/** The caller a route is swept as: anonymous for public routes, client A where clients may call, else the admin. */
function callerOf(r: ContractRoute): PersonaName {
  if (r.roles.includes('public')) return 'anonymous';
  return r.roles.includes('client') ? 'clientA' : 'admin';
}

const routes = contractRoutes();

describe('fuzz sweep: no malformed input gets a 5xx', () => {
  it('covers every route of the contract', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it.each(routes.map((r) => [r.key, r] as const))('%s', async (key, r) => {
    const persona = callerOf(r);
    const w = fuzz.fuzzer.fw.world;
    const who = persona === 'anonymous' ? undefined : persona === 'admin' ? w.admin : w.a;
    const baseFields = Object.keys(BODIES[key]?.({ persona: who, session: who?.session }, w) ?? {});
    const problems: string[] = [];
    for (const request of sweepRequests(r, persona, baseFields)) {
      const failure = fuzz.fuzzer.check(request, await fuzz.fuzzer.send(request));
      if (failure) problems.push(describeFailure(failure));
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
