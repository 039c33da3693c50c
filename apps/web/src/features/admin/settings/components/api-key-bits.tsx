import { API_KEY_RESOURCES, type TApiKey, type TApiKeyResource } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

export const RESOURCE_LABELS: Record<TApiKeyResource, string> = {
  clients: 'Clients',
  leads: 'Leads',
  tasks: 'Tasks',
  content: 'Content',
  invoices: 'Invoices',
  orders: 'Orders',
  messages: 'Messages',
  analytics: 'Analytics',
};

const STATUS: Record<TApiKey['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'danger' },
};

export function ApiKeyStatusBadge({ status }: { status: TApiKey['status'] }) {
  const s = STATUS[status];
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

/** "clients: read" chips in the contract's resource order; write stands out. */
export function ScopeChips({ scopes }: { scopes: TApiKey['scopes'] }) {
  const granted = API_KEY_RESOURCES.flatMap((r) => {
    const access = scopes[r];
    return access ? [{ resource: r, access }] : [];
  });
  if (granted.length === 0) return <span className="text-fg-subtle">—</span>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Scopes">
      {granted.map(({ resource, access }) => (
        <li key={resource}>
          <Badge tone={access === 'write' ? 'primary' : 'default'}>
            {resource}: {access}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
