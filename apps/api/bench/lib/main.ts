import { pathToFileURL } from 'node:url';

/**
 * True when the module at `moduleUrl` is the script node (or tsx) was started with: a bench file runs its command-line
 * entry point then, and only exports its functions when the smoke test (test/system/bench-smoke.test.ts) imports it.
 */
export function isMainModule(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(script).href === moduleUrl;
}
