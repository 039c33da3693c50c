import type { TAuditEntry } from '@agency/contract';

/** "client_member" reads "Client member". */
export function objectTypeLabel(name: string): string {
  const words = name.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A person's own account is what the auth and account actions are about: they read without it ("Signed in"). */
const UNSAID_PREFIX = /^(auth|account)\./;

/** "invoice.payment_recorded" reads "Invoice payment recorded"; "auth.signed_in" reads "Signed in". */
export function actionLabel(action: string): string {
  return objectTypeLabel(action.replace(UNSAID_PREFIX, ''));
}

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
