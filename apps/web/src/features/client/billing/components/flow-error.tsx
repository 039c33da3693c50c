import { AlertTriangle } from 'lucide-react';
import type { TFlowError } from '../lib/billing-flow';

/** A failed setup, payment or plan change: its title (e.g. 'Payment Setup Failed') and message. */
export function FlowErrorAlert({ error }: { error: TFlowError }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-danger-600/30 bg-danger-50 p-4">
      <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-danger-600" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-danger-700">{error.title}</p>
        <p className="text-danger-700">{error.message}</p>
      </div>
    </div>
  );
}
