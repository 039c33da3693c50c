import { ORDER_ITEM_STATUS_LABELS, type TOrder, type TOrderItemStatus } from '@agency/contract';
import { RefreshCw, ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, Card, EmptyState, ErrorState, ListFooter, Skeleton, SkeletonGroup, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '@/components/ui';
import { useOrderList } from '@/entities/orders/api/list-orders';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useSelection } from '@/lib/use-selection';
import { useUrlParams } from '@/lib/use-url-params';
import { useBulkUpdateOrderLines, useInvalidateOrders } from './api/orders.queries';
import { BulkDeliveryBar } from './components/bulk-delivery-bar';
import { OrderDetailsDialog } from './components/order-details-dialog';
import { OrderFiltersBar } from './components/order-filters-bar';
import { OrdersTable } from './components/orders-table';
import { PromoCodesPanel } from './components/promo-codes-panel';
import { CLEARED_FILTERS, ORDER_PAGE_SIZE, hasActiveOrderFilters, nextOrderSort, toOrderListQuery } from './order-filters';
import { useOrderFilters } from './use-order-filters';

/** Admin Orders: package orders and their delivery, and promo codes. */
export default function AdminOrdersPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <AccessDenied message="You need admin privileges to access this page." />;
  return <OrdersScreen />;
}

function OrdersScreen() {
  const { params, update } = useUrlParams();
  // Promo codes are agency-wide: managers have no such tab (the API refuses them).
  const { seesAgencyWide } = useStaffRole();
  const tab = seesAgencyWide && params.get('tab') === 'promo-codes' ? 'promo-codes' : 'orders';
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-fg">Orders</h2>
        <p className="text-sm text-fg-muted">Package orders, their delivery, and promo codes.</p>
      </div>
      <Tabs value={tab} onValueChange={(t) => update({ tab: t === 'orders' ? null : t })}>
        {seesAgencyWide && (
          <TabsList aria-label="Orders">
            <TabsTrigger value="orders">Orders</TabsTrigger>
            <TabsTrigger value="promo-codes">Promo codes</TabsTrigger>
          </TabsList>
        )}
        <TabsContent value="orders">
          <OrdersList />
        </TabsContent>
        {seesAgencyWide && (
          <TabsContent value="promo-codes">
            <PromoCodesPanel />
          </TabsContent>
        )}
      </Tabs>
    </div>
  );
}

function TableSkeleton() {
  return (
    <SkeletonGroup label="Loading orders" className="space-y-2 p-4">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </SkeletonGroup>
  );
}

function OrdersList() {
  const { filters, setFilters } = useOrderFilters();
  const query = toOrderListQuery(filters);
  const list = useOrderList(query);
  const invalidate = useInvalidateOrders();
  const bulk = useBulkUpdateOrderLines();
  const selection = useSelection();
  const toast = useToast();
  const [details, setDetails] = useState<TOrder | null>(null);
  const { canWrite } = useStaffRole();
  const page = list.data?.body;

  // A new page or filter shows other orders: start the selection again.
  const queryKey = JSON.stringify(query);
  const { clear } = selection;
  useEffect(() => clear(), [queryKey, clear]);

  const applyBulk = (status: TOrderItemStatus) => {
    const orders = (page?.results ?? []).filter((o) => selection.selected.has(o.id));
    const lineIds = orders.flatMap((o) => o.lines.map((l) => l.id));
    if (lineIds.length === 0) return;
    bulk.mutate(
      { body: { line_ids: lineIds, status } },
      {
        onSuccess: (res) => {
          toast.success(`${res.body.updated} ${res.body.updated === 1 ? 'line' : 'lines'} set to ${ORDER_ITEM_STATUS_LABELS[status]}`);
          selection.clear();
          void invalidate();
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not change the delivery status')),
      },
    );
  };

  return (
    <div className="space-y-4">
      <BulkDeliveryBar count={canWrite ? selection.selected.size : 0} busy={bulk.isPending} onApply={applyBulk} onClear={selection.clear} />
      <Card className="min-w-0">
        <div className="flex items-start gap-2 border-b border-border p-4">
          <div className="min-w-0 flex-1">
            <OrderFiltersBar filters={filters} onChange={setFilters} />
          </div>
          <Button variant="ghost" size="icon" onClick={() => void invalidate()} aria-label="Refresh orders">
            <RefreshCw aria-hidden className="h-4 w-4" />
          </Button>
        </div>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <ErrorState title="Could not load orders" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : page && page.results.length === 0 ? (
          <EmptyState
            icon={<ShoppingBag aria-hidden className="h-6 w-6" />}
            title="No orders found"
            description={hasActiveOrderFilters(filters) ? 'Try other filters or clear them.' : 'Orders placed in the shop appear here.'}
            action={
              hasActiveOrderFilters(filters) ? (
                <Button variant="secondary" onClick={() => setFilters(CLEARED_FILTERS)}>
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : page ? (
          <div aria-busy={list.isFetching || undefined} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <OrdersTable
              orders={page.results}
              filters={filters}
              onSort={(field) => setFilters(nextOrderSort(filters, field))}
              onOpen={setDetails}
              selection={selection}
            />
            <ListFooter
              noun={['order', 'orders']}
              page={filters.page}
              count={page.count}
              capped={page.count_capped}
              pageSize={ORDER_PAGE_SIZE}
              onPageChange={(p) => setFilters({ page: p })}
            />
          </div>
        ) : null}
      </Card>
      {details && <OrderDetailsDialog order={details} onClose={() => setDetails(null)} />}
    </div>
  );
}
