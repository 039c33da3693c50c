import type { TInvoice, TSubscription } from '@agency/contract';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, ErrorState, Skeleton, SkeletonGroup, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { PAYMENT_TEXTS } from '@/entities/billing/lib/payment-texts';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useUrlParams } from '@/lib/use-url-params';
import { useBillingInvoices, useReloadBilling, useSubscription } from './api/billing.queries';
import { InvoicesTab } from './components/invoices-tab';
import { OrdersTab } from './components/orders-tab';
import { CurrentSubscriptionCard, RecentTransactions } from './components/overview-tab';
import { PaymentMethodsTab } from './components/payment-methods-tab';
import { PaymentStep } from './components/payment-step';
import { PlanDetails } from './components/plan-details';
import { PlanSelection } from './components/plan-selection';
import { SubscriptionNotice } from './components/subscription-status';
import { SubscriptionTab } from './components/subscription-tab';
import { SuccessStep } from './components/success-step';
import { SummaryCards } from './components/summary-cards';
import { isCurrent, openInvoice } from './lib/billing-summary';
import { useBillingFlow, type TBillingFlowApi } from './use-billing-flow';
import { useStripeRedirectReturn } from './use-redirect-return';

const TABS = ['overview', 'orders', 'invoices', 'payment-methods', 'subscription'] as const;
type TTab = (typeof TABS)[number];

/** Billing (client-and-public 2.8): clients only. */
export default function ClientBillingPage() {
  const { user } = useAuth();
  if (user?.role !== 'client') return <AccessDenied message="This page is only available for client accounts." />;
  return <BillingScreen />;
}

function BillingSkeleton() {
  return (
    <SkeletonGroup label="Loading billing" className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[7.5rem] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 rounded-xl" />
        <Skeleton className="h-56 rounded-xl" />
      </div>
    </SkeletonGroup>
  );
}

function BillingScreen() {
  const subscription = useSubscription();
  const invoices = useBillingInvoices();
  const flow = useBillingFlow();
  const { params } = useUrlParams();
  useStripeRedirectReturn();

  if (subscription.isPending || invoices.isPending) return <BillingSkeleton />;
  if (subscription.isError || invoices.isError) {
    return (
      <Card>
        <ErrorState
          title="Billing is unavailable"
          message={PAYMENT_TEXTS.loadFailed}
          onRetry={() => {
            if (subscription.isError) void subscription.refetch();
            if (invoices.isError) void invoices.refetch();
          }}
          retrying={subscription.isFetching || invoices.isFetching}
        />
      </Card>
    );
  }

  const current = isCurrent(subscription.data.body) ? subscription.data.body : null;
  const list = invoices.data.body.results;
  const { state } = flow;
  // On load, no subscription goes straight to choosing a plan (client-and-public 2.8), unless a link asks for the
  // orders tab (a client who bought packages without a plan follows them there).
  const step = state.step ?? (current || params.get('tab') === 'orders' ? 'overview' : 'plan-selection');

  switch (step) {
    case 'plan-selection':
      return (
        <PlanSelection
          mode={state.step === null ? 'subscribe' : state.mode}
          currentPlanId={state.mode === 'change' ? (current?.plan ?? null) : null}
          previewingPriceId={flow.busy.previewing}
          error={state.error}
          onSelect={(plan) => void flow.selectPlan(plan)}
          onBack={() => flow.back('plan-selection')}
        />
      );
    case 'plan-details':
      return state.plan ? (
        <PlanDetails
          plan={state.plan}
          mode={state.mode}
          preview={state.preview}
          error={state.error}
          busy={flow.busy.creating || flow.busy.changing}
          onBack={() => flow.back('plan-details')}
          onContinue={() => void (state.mode === 'change' ? flow.confirmChange() : flow.continueToPayment())}
        />
      ) : null;
    case 'payment':
      return state.plan && state.payment ? (
        <PaymentStep
          plan={state.plan}
          clientSecret={state.payment.clientSecret}
          onBack={() => flow.back('payment')}
          onSuccess={flow.paymentSucceeded}
          onError={flow.paymentFailed}
        />
      ) : null;
    case 'success':
      return <SuccessStep plan={state.plan} onDone={() => void flow.finish()} />;
    case 'overview':
      return <BillingOverview subscription={current} invoices={list} flow={flow} />;
  }
}

function BillingOverview({ subscription, invoices, flow }: { subscription: TSubscription | null; invoices: readonly TInvoice[]; flow: TBillingFlowApi }) {
  const { params, update } = useUrlParams();
  const reload = useReloadBilling();
  const [refreshing, setRefreshing] = useState(false);
  const tabParam = params.get('tab') as TTab | null;
  const tab: TTab = tabParam && TABS.includes(tabParam) ? tabParam : 'overview';
  const setTab = (t: string) => update({ tab: t === 'overview' ? null : t });
  const choosePlan = () => flow.choosePlan(subscription ? 'change' : 'subscribe');

  const refresh = async () => {
    setRefreshing(true);
    try {
      await reload();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-fg">Billing & Payments</h2>
          <p className="text-sm text-fg-muted">Your plan, orders, invoices and saved cards.</p>
        </div>
        <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
          <RefreshCw aria-hidden className={cn('h-4 w-4', refreshing && 'animate-spin')} />
          Refresh
        </Button>
      </div>

      {subscription && <SubscriptionNotice subscription={subscription} openInvoice={openInvoice(invoices)} />}

      <SummaryCards subscription={subscription} />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Billing">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="invoices">Invoices</TabsTrigger>
          <TabsTrigger value="payment-methods">Payment Methods</TabsTrigger>
          <TabsTrigger value="subscription">Subscription</TabsTrigger>
        </TabsList>
        <TabsContent value="overview" className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <CurrentSubscriptionCard subscription={subscription} onManage={() => setTab('subscription')} onChoosePlan={choosePlan} />
          <RecentTransactions invoices={invoices} onShowAll={() => setTab('invoices')} />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="invoices">
          <InvoicesTab invoices={invoices} />
        </TabsContent>
        <TabsContent value="payment-methods">
          <PaymentMethodsTab />
        </TabsContent>
        <TabsContent value="subscription">
          <SubscriptionTab subscription={subscription} onChangePlan={() => flow.choosePlan('change')} onChoosePlan={choosePlan} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
