import type { TAuditEntry } from '@agency/contract';

/** "invoice.payment_recorded" reads "Invoice payment recorded". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "object_type" as a person reads it: "client_member" → "Client member". */
export const objectTypeLabel = actionLabel;

const shown = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
};

/** What changed, one line per field: "monthly fee: 1500 → 2000" for a change, "method: cash" for a fact. */
export function changeLines(changes: TAuditEntry['changes']): string[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, value]) => {
    const name = field.replace(/_/g, ' ');
    if (Array.isArray(value) && value.length === 2) return `${name}: ${shown(value[0])} → ${shown(value[1])}`;
    return `${name}: ${shown(value)}`;
  });
}

/** The object as people know it: its label, else its kind and id. */
export function objectText(e: Pick<TAuditEntry, 'object_type' | 'object_id' | 'object_label'>): string {
  if (e.object_label) return e.object_label;
  return e.object_id ? `${objectTypeLabel(e.object_type)} #${e.object_id}` : objectTypeLabel(e.object_type);
}
