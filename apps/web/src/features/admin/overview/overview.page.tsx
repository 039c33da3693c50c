import { Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, ErrorState } from '@/components/ui';
import { InvoiceFormDialog } from '@/entities/invoices/components/invoice-form-dialog';
import { TaskFormDialog } from '@/entities/tasks/components/task-form-dialog';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { displayName, errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { overviewKeys, useDashboardStats } from './api/overview.queries';
import { ClientStatus } from './components/client-status';
import { PendingContent } from './components/pending-content';
import { QuickActions } from './components/quick-actions';
import { RecentInvoices } from './components/recent-invoices';
import { RecentTasks } from './components/recent-tasks';
import { StatCards, StatCardsSkeleton } from './components/stat-cards';
import { WaitingOnWhom } from './components/waiting-on-whom';

const OVERVIEW_KEYS = [
  overviewKeys.stats,
  overviewKeys.recentTasks,
  overviewKeys.clients,
  overviewKeys.pendingContent,
  overviewKeys.waiting,
  overviewKeys.invoices,
];

export default function AdminOverviewPage() {
  const { user, isAdmin } = useAuth();
  const qc = useQueryClient();
  const stats = useDashboardStats(isAdmin);
  const { canWrite } = useStaffRole();
  const [taskOpen, setTaskOpen] = useState(false);
  const [invoiceOpen, setInvoiceOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  if (!isAdmin) {
    return <AccessDenied title="Access Denied - You need admin privileges to access this page." />;
  }

  const refreshAll = async () => {
    setRefreshing(true);
    try {
      await Promise.all(OVERVIEW_KEYS.map((queryKey) => qc.refetchQueries({ queryKey: [...queryKey] })));
    } finally {
      setRefreshing(false);
    }
  };

  const dialogs = (
    <>
      <TaskFormDialog
        open={taskOpen}
        onOpenChange={setTaskOpen}
        task={null}
        title="Create New Task"
        withStatus={false}
        createdMessage={(task) => `Task "${task.title}" created`}
      />
      <InvoiceFormDialog open={invoiceOpen} onOpenChange={setInvoiceOpen} withInvoiceNumber={false} />
    </>
  );

  const header = (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h2 className="text-2xl font-semibold text-fg">Welcome back, {displayName(user)}</h2>
        <p className="mt-1 text-sm text-fg-muted">Here is what is happening across your agency.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void refreshAll()} loading={refreshing}>
          {!refreshing && <RefreshCw aria-hidden className="h-4 w-4" />}
          Refresh
        </Button>
        {canWrite && (
          <>
            <Button variant="secondary" onClick={() => setTaskOpen(true)}>
              <Plus aria-hidden className="h-4 w-4" />
              New Task
            </Button>
            <Button onClick={() => setInvoiceOpen(true)}>
              <Plus aria-hidden className="h-4 w-4" />
              New Invoice
            </Button>
          </>
        )}
      </div>
    </div>
  );

  if (stats.isError) {
    return (
      <div className="space-y-6">
        {header}
        <Card>
          <ErrorState
            title="Error Loading Dashboard"
            message={errorMessage(stats.error, 'Failed to load dashboard data')}
            onRetry={() => void refreshAll()}
            retrying={refreshing}
          />
        </Card>
        {dialogs}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {header}
      {stats.isPending ? <StatCardsSkeleton /> : <StatCards stats={stats.data.body} />}
      <div className="grid gap-6 xl:grid-cols-2">
        <RecentTasks enabled={isAdmin} onNewTask={canWrite ? () => setTaskOpen(true) : undefined} />
        <ClientStatus enabled={isAdmin} />
      </div>
      <WaitingOnWhom enabled={isAdmin} />
      <PendingContent enabled={isAdmin} />
      <RecentInvoices enabled={isAdmin} onNewInvoice={canWrite ? () => setInvoiceOpen(true) : undefined} />
      {canWrite && <QuickActions onNewTask={() => setTaskOpen(true)} onNewInvoice={() => setInvoiceOpen(true)} />}
      {dialogs}
    </div>
  );
}
