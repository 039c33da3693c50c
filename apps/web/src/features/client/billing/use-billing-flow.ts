import type { TBillingPlan } from '@agency/contract';
import { useCallback, useReducer } from 'react';
import { useToast } from '@/components/ui';
import { PAYMENT_TEXTS, serverMessage } from '@/entities/billing/lib/payment-texts';
import { useChangePlan, useCreateSubscription, usePreviewPlanChange, useReloadBilling } from './api/billing.queries';
import { INITIAL_FLOW, billingFlowReducer, type TBillingStep, type TPlanMode } from './lib/billing-flow';

export const FLOW_TEXTS = {
  paymentFailedTitle: 'Payment Failed',
  changeFailedTitle: 'Plan Change Failed',
  changeFailed: 'Failed to change plan. Please try again.',
  previewFailedTitle: 'Could not price the plan change',
  previewFailed: 'Failed to preview the plan change. Please try again.',
} as const;

/** The step machine of the billing screen with the calls each step makes. */
export function useBillingFlow() {
  const [state, dispatch] = useReducer(billingFlowReducer, INITIAL_FLOW);
  const { success } = useToast();
  const reload = useReloadBilling();
  const create = useCreateSubscription();
  const preview = usePreviewPlanChange();
  const change = useChangePlan();

  const choosePlan = useCallback((mode: TPlanMode) => dispatch({ type: 'choose-plan', mode }), []);
  const back = useCallback((from: TBillingStep) => dispatch({ type: 'back', from }), []);

  /** Subscribing: straight to the plan's details. Changing: first what it costs now (preview-plan-change). */
  const selectPlan = async (plan: TBillingPlan) => {
    if (state.mode === 'subscribe') {
      dispatch({ type: 'plan-selected', plan });
      return;
    }
    try {
      const res = await preview.mutateAsync({ body: { price_id: plan.stripePrice, plan_name: plan.name } });
      dispatch({ type: 'plan-selected', plan, preview: res.body });
    } catch (err) {
      dispatch({
        type: 'selection-failed',
        error: { title: FLOW_TEXTS.previewFailedTitle, message: serverMessage(err) ?? FLOW_TEXTS.previewFailed },
      });
    }
  };

  /** Creates the subscription; a client secret leads to payment, none with an active subscription to success. */
  const continueToPayment = async () => {
    const plan = state.plan;
    if (!plan) return;
    if (state.payment?.priceId === plan.stripePrice) {
      // A retry after a failed card: pay the subscription already created.
      dispatch({ type: 'payment-ready', clientSecret: state.payment.clientSecret });
      return;
    }
    try {
      const res = await create.mutateAsync({ body: { price_id: plan.stripePrice, plan_name: plan.name } });
      if (res.body.client_secret) dispatch({ type: 'payment-ready', clientSecret: res.body.client_secret });
      else if (res.body.status === 'active') dispatch({ type: 'succeeded' });
      else dispatch({ type: 'failed', error: { title: PAYMENT_TEXTS.setupFailedTitle, message: PAYMENT_TEXTS.noClientSecret } });
    } catch (err) {
      dispatch({
        type: 'failed',
        error: { title: PAYMENT_TEXTS.setupFailedTitle, message: serverMessage(err) ?? PAYMENT_TEXTS.setupFailed },
      });
    }
  };

  /** The change as previewed: the same proration_date goes back, so the charge matches what was shown. */
  const confirmChange = async () => {
    const plan = state.plan;
    if (!plan) return;
    try {
      await change.mutateAsync({
        body: {
          price_id: plan.stripePrice,
          plan_name: plan.name,
          ...(state.preview ? { proration_date: state.preview.proration_date } : {}),
        },
      });
      success(`Your plan is now ${plan.name}.`);
      await reload();
      dispatch({ type: 'to-overview' });
    } catch (err) {
      dispatch({
        type: 'failed',
        error: { title: FLOW_TEXTS.changeFailedTitle, message: serverMessage(err) ?? FLOW_TEXTS.changeFailed },
      });
    }
  };

  const paymentFailed = useCallback(
    (message: string) => dispatch({ type: 'failed', error: { title: FLOW_TEXTS.paymentFailedTitle, message } }),
    [],
  );
  const paymentSucceeded = useCallback(() => dispatch({ type: 'succeeded' }), []);

  /** After the success screen: reload the data, then the overview. */
  const finish = useCallback(async () => {
    try {
      await reload();
    } finally {
      dispatch({ type: 'to-overview' });
    }
  }, [reload]);

  return {
    state,
    choosePlan,
    back,
    selectPlan,
    continueToPayment,
    confirmChange,
    paymentFailed,
    paymentSucceeded,
    finish,
    busy: {
      previewing: preview.isPending ? (preview.variables?.body.price_id ?? null) : null,
      creating: create.isPending,
      changing: change.isPending,
    },
  };
}

export type TBillingFlowApi = ReturnType<typeof useBillingFlow>;
