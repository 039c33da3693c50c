import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { notImplementedRouter } from '../../http/not-implemented';

// Not built yet: every route of this section answers 501.
export function createInvoicesRouter(_deps: AppDeps) {
  return notImplementedRouter(contract.invoices);
}
