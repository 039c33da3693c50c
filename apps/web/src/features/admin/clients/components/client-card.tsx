import type { TClient } from '@agency/contract';
import { BarChart3, CheckCircle2, Eye, FileText, Pencil, RotateCcw, Trash2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Avatar, Badge, Button, Card } from '@/components/ui';
import { ClientStatusBadge, PaymentBadge } from '@/entities/clients/components/client-badges';
import { clientPlan } from '@/entities/clients/lib/client-plan';
import { formatDay, formatUsd } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';

export interface ClientCardProps {
  client: TClient;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onMarkPaid: () => void;
  onStats: () => void;
  markingPaid: boolean;
  /** Brings back an archived client (shown only on one). */
  onRestore?: () => void;
  restoring?: boolean;
}

export function ClientCard({ client, onView, onEdit, onDelete, onMarkPaid, onStats, markingPaid, onRestore, restoring = false }: ClientCardProps) {
  // Read-only staff view and open the stats; editing, marking paid and deleting are not theirs.
  const { canWrite } = useStaffRole();
  // A client who owes invoices is paid up by recording the payment on each invoice, not by a mark on the client.
  const archived = client.archived_at !== null;
  const owesInvoices = client.unpaid_invoices > 0;
  const canMarkPaid = canWrite && !client.payment_status_follows_invoices && client.payment_status !== 'paid';
  const hasPaymentAction = owesInvoices || canMarkPaid;
  const [planLabel, planValue] = clientPlan(client);
  return (
    <Card className="flex flex-col" data-testid="client-card">
      <article aria-label={client.name} className="flex flex-1 flex-col p-5">
        <div className="flex items-start gap-3">
          <Avatar name={client.name} src={client.user_avatar} />
          <div className="min-w-0 flex-1">
            <h3 className="truncate text-base font-semibold text-fg">{client.name}</h3>
            <p className="truncate text-sm text-fg-muted">{client.company}</p>
            <p className="truncate text-xs text-fg-subtle">{client.email}</p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-1.5">
          {archived ? <Badge tone="default">Archived {formatDay(client.archived_at)}</Badge> : <ClientStatusBadge status={client.status} />}
          <PaymentBadge status={client.payment_status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-xs text-fg-muted">{planLabel}</dt>
            <dd className="font-medium text-fg">{planValue}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">Monthly fee</dt>
            <dd className="font-medium text-fg tabular-nums">{formatUsd(client.monthly_fee)}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">Next payment</dt>
            <dd className="text-fg tabular-nums">{formatDay(client.next_payment)}</dd>
          </div>
          <div>
            <dt className="text-xs text-fg-muted">Manager</dt>
            <dd className="truncate text-fg">{client.account_manager ?? 'Unassigned'}</dd>
          </div>
        </dl>
        {client.platforms.length > 0 && (
          <p className="mt-3 text-xs text-fg-muted">
            <span className="sr-only">Platforms: </span>
            {client.platforms.join(' · ')}
          </p>
        )}
        {/* An archived client is looked at and brought back, not edited, billed or deleted again. */}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
          <Button size="sm" variant="secondary" onClick={onView}>
            <Eye aria-hidden className="h-4 w-4 shrink-0" />
            View Details
          </Button>
          {canWrite && !archived && (
            <Button size="sm" variant="secondary" onClick={onEdit}>
              <Pencil aria-hidden className="h-4 w-4 shrink-0" />
              Edit Client
            </Button>
          )}
          <Button size="sm" variant="secondary" onClick={onStats}>
            <BarChart3 aria-hidden className="h-4 w-4 shrink-0" />
            Stats
          </Button>
          {archived && canWrite && onRestore && (
            <Button size="sm" className="col-span-2" onClick={onRestore} loading={restoring}>
              {!restoring && <RotateCcw aria-hidden className="h-4 w-4 shrink-0" />}
              Restore Client
            </Button>
          )}
          {!archived && owesInvoices && (
            <Button size="sm" variant="secondary" asChild>
              <Link to={`/dashboard?client=${client.id}#invoices`}>
                <FileText aria-hidden className="h-4 w-4 shrink-0" />
                {client.unpaid_invoices === 1 ? '1 unpaid invoice' : `${client.unpaid_invoices} unpaid invoices`}
              </Link>
            </Button>
          )}
          {!archived && !owesInvoices && canMarkPaid && (
            <Button size="sm" variant="secondary" onClick={onMarkPaid} loading={markingPaid}>
              {!markingPaid && <CheckCircle2 aria-hidden className="h-4 w-4 shrink-0" />}
              Mark Paid
            </Button>
          )}
          {!archived && canWrite && (
            <Button
              size="sm"
              variant="ghost"
              className={`text-danger-700 hover:bg-danger-50 hover:text-danger-700 ${hasPaymentAction ? 'col-span-2' : ''}`}
              onClick={onDelete}
            >
              <Trash2 aria-hidden className="h-4 w-4 shrink-0" />
              Delete Client
            </Button>
          )}
        </div>
      </article>
    </Card>
  );
}
