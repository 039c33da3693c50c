import type { TPromoCode } from '@agency/contract';
import { Plus, TicketPercent } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, EmptyState, ErrorState, Pagination, Skeleton, SkeletonGroup, Switch, useToast } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage, formatDay, formatUsdCents } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { pageParam, useFilterUrlParams } from '@/lib/use-url-params';
import { useInvalidatePromoCodes, usePromoCodes, useUpdatePromoCode } from '../api/orders.queries';
import { PromoCodeDialog } from './promo-code-form';

export const PROMO_PAGE_SIZE = 20;

/** '20%' or '$10.00'. */
export function promoDiscount(p: Pick<TPromoCode, 'percent_off' | 'amount_off'>): string {
  return p.percent_off != null ? `${p.percent_off}%` : formatUsdCents(p.amount_off);
}

/** '3 / 100' or '3 / ∞' (no limit). */
export function promoUses(p: Pick<TPromoCode, 'redemptions' | 'max_redemptions'>): string {
  return `${p.redemptions} / ${p.max_redemptions ?? 'no limit'}`;
}

function isExpired(p: Pick<TPromoCode, 'expires_at'>, now = Date.now()): boolean {
  return Boolean(p.expires_at && new Date(p.expires_at).getTime() < now);
}

function ActiveToggle({ promo, busy, onToggle }: { promo: TPromoCode; busy: boolean; onToggle: (p: TPromoCode, active: boolean) => void }) {
  const { canWrite } = useStaffRole();
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        checked={promo.active}
        disabled={busy || !canWrite}
        onCheckedChange={(c) => onToggle(promo, c)}
        aria-label={`${promo.code} active`}
      />
      <span className={cn('text-sm', promo.active ? 'text-fg' : 'text-fg-muted')}>{promo.active ? 'Active' : 'Inactive'}</span>
    </span>
  );
}

function Expires({ promo }: { promo: TPromoCode }) {
  if (!promo.expires_at) return <span className="text-fg-subtle">Never</span>;
  return (
    <span className={cn('tabular-nums', isExpired(promo) ? 'text-danger-700' : 'text-fg')}>
      {formatDay(promo.expires_at)}
      {isExpired(promo) && <span className="ml-1 text-xs font-semibold uppercase">Expired</span>}
    </span>
  );
}

/** Promo codes: list with their use, create (percent or fixed), switch on and off. */
export function PromoCodesPanel() {
  const { params, update } = useFilterUrlParams();
  const page = pageParam(params.get('ppage'));
  const list = usePromoCodes({ page, page_size: PROMO_PAGE_SIZE, ordering: '-created_at' });
  const mutation = useUpdatePromoCode();
  const invalidate = useInvalidatePromoCodes();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const { canWrite } = useStaffRole();

  const toggle = (promo: TPromoCode, active: boolean) => {
    mutation.mutate(
      { params: { id: promo.id }, body: { active } },
      {
        onSuccess: () => {
          toast.success(active ? `${promo.code} reactivated` : `${promo.code} deactivated`);
          void invalidate();
        },
        onError: (err) => toast.error(errorMessage(err, 'Could not change the promo code')),
      },
    );
  };
  const busyId = mutation.isPending ? mutation.variables?.params.id : undefined;
  const data = list.data?.body;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted">Discounts clients enter at checkout.</p>
        {canWrite && (
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden className="h-4 w-4" />
            New promo code
          </Button>
        )}
      </div>
      <Card className="min-w-0">
        {list.isPending ? (
          <SkeletonGroup label="Loading promo codes" className="space-y-2 p-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </SkeletonGroup>
        ) : list.isError ? (
          <ErrorState title="Could not load promo codes" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : data && data.results.length === 0 ? (
          <EmptyState
            icon={<TicketPercent aria-hidden className="h-6 w-6" />}
            title="No promo codes yet"
            description="Create a code for a percent or a fixed amount off."
            action={
              canWrite ? (
                <Button onClick={() => setCreating(true)}>
                  <Plus aria-hidden className="h-4 w-4" />
                  New promo code
                </Button>
              ) : undefined
            }
          />
        ) : data ? (
          <>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="bg-subtle text-xs text-fg-muted uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-3 font-medium">Code</th>
                    <th scope="col" className="px-3 py-3 text-right font-medium">Discount</th>
                    <th scope="col" className="px-3 py-3 font-medium">Rule</th>
                    <th scope="col" className="px-3 py-3 text-right font-medium">Uses / limit</th>
                    <th scope="col" className="px-3 py-3 font-medium">Expires</th>
                    <th scope="col" className="px-3 py-3 font-medium">Active</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {data.results.map((p) => (
                    <tr key={p.id} data-testid="promo-row">
                      <td className="px-3 py-3 font-mono font-semibold text-fg">{p.code}</td>
                      <td className="px-3 py-3 text-right font-medium text-fg tabular-nums">{promoDiscount(p)}</td>
                      <td className="px-3 py-3">{p.first_order_only ? <Badge tone="info">First order only</Badge> : <span className="text-fg-subtle">Any order</span>}</td>
                      <td className="px-3 py-3 text-right text-fg tabular-nums">{promoUses(p)}</td>
                      <td className="px-3 py-3 whitespace-nowrap">
                        <Expires promo={p} />
                      </td>
                      <td className="px-3 py-3">
                        <ActiveToggle promo={p} busy={busyId === p.id} onToggle={toggle} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul className="divide-y divide-border md:hidden" aria-label="Promo codes">
              {data.results.map((p) => (
                <li key={p.id} data-testid="promo-card" className="space-y-2 px-4 py-4">
                  <div className="flex items-start justify-between gap-3">
                    <p className="font-mono font-semibold break-all text-fg">{p.code}</p>
                    <p className="shrink-0 font-semibold text-fg tabular-nums">{promoDiscount(p)} off</p>
                  </div>
                  {p.first_order_only && <Badge tone="info">First order only</Badge>}
                  <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
                    <div className="flex gap-1">
                      <dt>Uses</dt>
                      <dd className="tabular-nums">{promoUses(p)}</dd>
                    </div>
                    <div className="flex gap-1">
                      <dt>Expires</dt>
                      <dd>
                        <Expires promo={p} />
                      </dd>
                    </div>
                  </dl>
                  <ActiveToggle promo={p} busy={busyId === p.id} onToggle={toggle} />
                </li>
              ))}
            </ul>
            {data.count > PROMO_PAGE_SIZE && (
              <div className="flex justify-end border-t border-border px-4 py-3">
                <Pagination page={page} count={data.count} pageSize={PROMO_PAGE_SIZE} onPageChange={(p) => update({ ppage: p > 1 ? p : null, page: params.get('page') })} />
              </div>
            )}
          </>
        ) : null}
      </Card>
      <PromoCodeDialog open={creating} onOpenChange={setCreating} onCreated={() => update({ ppage: null, page: params.get('page') })} />
    </div>
  );
}
