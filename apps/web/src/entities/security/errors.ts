import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';

/** The server's message for one field of a failed call, or undefined. */
export function fieldError(err: unknown, field: string): string | undefined {
  return serverFieldErrors(err)?.[field];
}

/** The status of a failed call (429 for the rate limits), or undefined. */
export function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export { errorMessage };
