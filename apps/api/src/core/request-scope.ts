import { AsyncLocalStorage } from 'node:async_hooks';

/** What a write needs to know of the request it serves, wherever it runs: where the request came from. */
export interface RequestScope {
  ip: string | null;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs the rest of a request (everything `next` starts) within its scope. */
export function runInRequestScope<T>(value: RequestScope, fn: () => T): T {
  return scope.run(value, fn);
}

/** The IP of the request being served; null in a job or a listener (they are not a request). */
export function requestIp(): string | null {
  return scope.getStore()?.ip ?? null;
}

