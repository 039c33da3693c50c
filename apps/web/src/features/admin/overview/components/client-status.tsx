import type { TClient } from '@agency/contract';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Avatar, Button, Dialog, EmptyState } from '@/components/ui';
import { ClientStatusBadge, PaymentBadge } from '@/entities/clients/components/client-badges';
import { clientPlan } from '@/entities/clients/lib/client-plan';
import { formatDay, formatUsd } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useOverviewClients } from '../api/overview.queries';
import { RowsSkeleton, SectionCard, SectionError } from './section-card';

export function ClientDetailsDialog({ client, onClose }: { client: TClient | null; onClose: () => void }) {
  const rows: [string, React.ReactNode][] = client
    ? [
        ['Email', client.email],
        ['Company', client.company],
        clientPlan(client),
        ['Monthly fee', formatUsd(client.monthly_fee)],
        ['Status', <ClientStatusBadge key="s" status={client.status} />],
        ['Payment status', <PaymentBadge key="p" status={client.payment_status} />],
        ['Platforms', client.platforms.length ? client.platforms.join(', ') : 'None'],
        ['Account manager', client.account_manager ?? 'Unassigned'],
        ['Total spent', formatUsd(client.total_spent)],
        ['Next payment', formatDay(client.next_payment)],
        ['Client since', formatDay(client.created_at)],
      ]
    : [];
  return (
    <Dialog open={client !== null} onOpenChange={(o) => !o && onClose()} title={client ? client.name : 'Client details'}>
      {client && (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-fg-muted">{label}</dt>
              <dd className="break-words text-fg tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Dialog>
  );
}

export function ClientStatus({ enabled }: { enabled: boolean }) {
  const q = useOverviewClients(enabled);
  const navigate = useNavigate();
  const { canWrite } = useStaffRole();
  const [selected, setSelected] = useState<TClient | null>(null);
  const clients = q.data?.body.results ?? [];
  return (
    <SectionCard title="Client Status" viewAllHash="clients">
      {q.isPending ? (
        <RowsSkeleton rows={5} />
      ) : q.isError ? (
        <SectionError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : clients.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={<Users aria-hidden className="h-6 w-6" />}
          title="No clients yet"
          description="Add your first client to see their status here."
          action={canWrite && <Button onClick={() => navigate({ pathname: '/dashboard', search: '?new=1', hash: 'clients' })}>Add New Client</Button>}
        />
      ) : (
        <ul className="divide-y divide-border" aria-label="Client status">
          {clients.map((client) => (
            <li key={client.id} className="flex items-center gap-3 px-5 py-3">
              <Avatar name={client.name} src={client.user_avatar} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{client.name}</p>
                <p className="truncate text-xs text-fg-muted">{client.company}</p>
                <div className="mt-1 flex flex-wrap gap-1 sm:hidden">
                  <ClientStatusBadge status={client.status} />
                  <PaymentBadge status={client.payment_status} />
                </div>
              </div>
              <div className="hidden shrink-0 flex-wrap justify-end gap-1 sm:flex">
                <ClientStatusBadge status={client.status} />
                <PaymentBadge status={client.payment_status} />
              </div>
              <Button variant="secondary" size="sm" onClick={() => setSelected(client)} aria-label={`Details of ${client.name}`}>
                Details
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ClientDetailsDialog client={selected} onClose={() => setSelected(null)} />
    </SectionCard>
  );
}
