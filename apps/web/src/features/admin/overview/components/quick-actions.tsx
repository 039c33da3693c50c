import { CheckSquare, Receipt, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui';

function ActionCard({ icon, title, text, onClick }: { icon: ReactNode; title: string; text: string; onClick: () => void }) {
  return (
    <Card className="transition-colors hover:border-brand-200 hover:bg-brand-50/40">
      <button type="button" onClick={onClick} className="flex w-full items-start gap-3 rounded-xl p-5 text-left">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-600">{icon}</span>
        <span className="min-w-0">
          <span className="block text-sm font-semibold text-fg">{title}</span>
          <span className="mt-0.5 block text-sm text-fg-muted">{text}</span>
        </span>
      </button>
    </Card>
  );
}

/** Quick actions: each opens the real form (Add client on the Clients screen; task and invoice modals here). */
export function QuickActions({ onNewTask, onNewInvoice }: { onNewTask: () => void; onNewInvoice: () => void }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title" className="mb-3 text-base font-semibold text-fg">
        Quick Actions
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <ActionCard
          icon={<UserPlus aria-hidden className="h-5 w-5" />}
          title="Add New Client"
          text="Onboard a client and set their package."
          onClick={() => navigate({ pathname: '/dashboard', search: '?new=1', hash: 'clients' })}
        />
        <ActionCard
          icon={<CheckSquare aria-hidden className="h-5 w-5" />}
          title="Create Task"
          text="Assign work to someone on the team."
          onClick={onNewTask}
        />
        <ActionCard
          icon={<Receipt aria-hidden className="h-5 w-5" />}
          title="Create Invoice"
          text="Bill a client; the number is issued for you."
          onClick={onNewInvoice}
        />
      </div>
    </section>
  );
}
