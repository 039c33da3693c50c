import type { TInvoice } from '@agency/contract';
import { FileDown, FileText, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, EmptyState, ErrorState, ListFooter, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { useInvoiceList } from '@/entities/invoices/api/list-invoices';
import { InvoiceFormDialog } from '@/entities/invoices/components/invoice-form-dialog';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useInvalidateInvoices } from './api/invoices.queries';
import { AgencyInvoiceDetails } from './components/invoice-details';
import { InvoiceFiltersBar } from './components/invoice-filters-bar';
import { InvoicePaymentDialogs } from './components/payment-dialogs';
import { InvoicePrintView } from './components/invoice-print-view';
import { InvoiceSummaryCards } from './components/invoice-summary-cards';
import { InvoicesTable } from './components/invoices-table';
import { OverdueInvoices } from './components/overdue-invoices';
import { RecentPayments } from './components/recent-payments';
import { INVOICE_PAGE_SIZE, exportQueryString, hasActiveFilters, nextSort, toListQuery } from './invoice-filters';
import { useInvoiceActions } from './use-invoice-actions';
import { useInvoiceFilters } from './use-invoice-filters';

function TableSkeleton() {
  return (
    <SkeletonGroup label="Loading invoices" className="space-y-2 p-4">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </SkeletonGroup>
  );
}

/** Admin Invoices (admin-and-foundations 2.10). */
export default function AdminInvoicesPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <AccessDenied message="You need admin privileges to access this page." />;
  return <InvoicesScreen />;
}

function InvoicesScreen() {
  const { filters, setFilters } = useInvoiceFilters();
  const list = useInvoiceList(toListQuery(filters), { keepPrevious: true });
  const invalidate = useInvalidateInvoices();
  const { error } = useToast();
  const { canWrite } = useStaffRole();
  const [creating, setCreating] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [details, setDetails] = useState<TInvoice | null>(null);
  const [printing, setPrinting] = useState<TInvoice | null>(null);
  const { actions, dialogs } = useInvoiceActions({
    onView: setDetails,
    onPrint: (inv) => {
      setDetails(null);
      setPrinting(inv);
    },
  });

  const page = list.data?.body;

  const exportCsv = () => {
    setExporting(true);
    const qs = exportQueryString(filters);
    downloadFile(`/api/invoices/export/${qs ? `?${qs}` : ''}`, 'invoices.csv')
      .catch((err: unknown) => error(errorMessage(err, 'Failed to export invoices')))
      .finally(() => setExporting(false));
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold text-fg">Invoices</h2>
          <p className="text-sm text-fg-muted">Bill clients, track payments and chase what is overdue.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={() => void invalidate()} aria-label="Refresh invoices">
            <RefreshCw aria-hidden className="h-4 w-4" />
            <span className="hidden sm:inline">Refresh</span>
          </Button>
          <Button variant="secondary" onClick={exportCsv} loading={exporting}>
            {!exporting && <FileDown aria-hidden className="h-4 w-4" />}
            Export
          </Button>
          {canWrite && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="h-4 w-4" />
              New Invoice
            </Button>
          )}
        </div>
      </div>

      <InvoiceSummaryCards />

      <div className="flex flex-col gap-6">
        <div className="order-2 grid min-w-0 grid-cols-1 gap-6 xl:order-1 xl:grid-cols-2">
          <OverdueInvoices actions={actions} onShowAll={() => setFilters({ status: 'overdue', search: '', client: '', from: '', to: '' })} />
          <RecentPayments />
        </div>
        <Card className="order-1 min-w-0 xl:order-2">
          <div className="border-b border-border p-4">
            <InvoiceFiltersBar filters={filters} onChange={setFilters} />
          </div>
          {list.isPending ? (
            <TableSkeleton />
          ) : list.isError ? (
            <ErrorState
              title="Could not load invoices"
              message={errorMessage(list.error)}
              onRetry={() => void list.refetch()}
              retrying={list.isFetching}
            />
          ) : page && page.results.length === 0 ? (
            <EmptyState
              icon={<FileText aria-hidden className="h-6 w-6" />}
              title="No invoices found"
              description={hasActiveFilters(filters) ? 'Try other filters or clear them.' : 'Create the first invoice for a client.'}
              action={
                hasActiveFilters(filters) ? (
                  <Button variant="secondary" onClick={() => setFilters({ search: '', status: 'all', client: '', from: '', to: '' })}>
                    Clear filters
                  </Button>
                ) : canWrite ? (
                  <Button onClick={() => setCreating(true)}>
                    <Plus aria-hidden className="h-4 w-4" />
                    New Invoice
                  </Button>
                ) : undefined
              }
            />
          ) : page ? (
            <div aria-busy={list.isFetching || undefined} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
              <InvoicesTable
                invoices={page.results}
                filters={filters}
                onSort={(field) => setFilters(nextSort(filters, field))}
                actions={actions}
              />
              <ListFooter
                noun={['invoice', 'invoices']}
                page={filters.page}
                count={page.count}
                capped={page.count_capped}
                pageSize={INVOICE_PAGE_SIZE}
                onPageChange={(p) => setFilters({ page: p })}
              />
            </div>
          ) : null}
        </Card>
      </div>

      <InvoiceFormDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={() => setFilters({ search: '', status: 'all', client: '', from: '', to: '', sort: 'created_at', dir: 'desc', page: 1 })}
      />
      {details && <AgencyInvoiceDetails invoice={details} onClose={() => setDetails(null)} actions={actions} />}
      <InvoicePaymentDialogs dialogs={dialogs} />
      {printing && <InvoicePrintView invoice={printing} onClose={() => setPrinting(null)} />}
    </div>
  );
}
