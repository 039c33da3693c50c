import type { TBillingPlan, TPlanChangePreview } from '@agency/contract';

/** The billing screen's steps (client-and-public 2.8 and 4). */
export type TBillingStep = 'overview' | 'plan-selection' | 'plan-details' | 'payment' | 'success';

/** Subscribe to a first plan, or change the current one (prorated, no payment step). */
export type TPlanMode = 'subscribe' | 'change';

export interface TFlowError {
  title: string;
  message: string;
}

export interface TBillingFlow {
  /** null until the screen has decided from the data (no subscription → plan-selection, else overview). */
  step: TBillingStep | null;
  mode: TPlanMode;
  plan: TBillingPlan | null;
  /** The first payment of a created subscription; kept so a retry after a failed card does not subscribe twice. */
  /** `priceId`: the plan at its billing period (monthly and annual are two prices of one plan). */
  payment: { priceId: TBillingPlan['stripePrice']; clientSecret: string } | null;
  /** The price of a plan change, as previewed (its proration_date goes back with the change). */
  preview: TPlanChangePreview | null;
  /** Shown on plan-details (or on plan-selection when a preview failed). */
  error: TFlowError | null;
}

export const INITIAL_FLOW: TBillingFlow = { step: null, mode: 'subscribe', plan: null, payment: null, preview: null, error: null };

export type TFlowAction =
  | { type: 'choose-plan'; mode: TPlanMode }
  | { type: 'plan-selected'; plan: TBillingPlan; preview?: TPlanChangePreview }
  | { type: 'selection-failed'; error: TFlowError }
  | { type: 'back'; from: TBillingStep }
  | { type: 'payment-ready'; clientSecret: string }
  | { type: 'failed'; error: TFlowError }
  | { type: 'succeeded' }
  | { type: 'to-overview' };

/**
 * overview → plan-selection (Select or Change Plan) → plan-details (a plan is chosen) → payment (a subscription is
 * created with a client secret) → success → overview. Back: payment → plan-details, plan-details → plan-selection,
 * plan-selection → overview. An error of the setup or the payment returns to plan-details and shows it there.
 */
export function billingFlowReducer(state: TBillingFlow, action: TFlowAction): TBillingFlow {
  switch (action.type) {
    case 'choose-plan':
      return { ...state, step: 'plan-selection', mode: action.mode, plan: null, preview: null, error: null };
    case 'plan-selected':
      return { ...state, step: 'plan-details', plan: action.plan, preview: action.preview ?? null, error: null };
    case 'selection-failed':
      return { ...state, step: 'plan-selection', error: action.error };
    case 'back':
      if (action.from === 'payment') return { ...state, step: 'plan-details', error: null };
      if (action.from === 'plan-details') return { ...state, step: 'plan-selection', preview: null, error: null };
      return { ...state, step: 'overview', error: null };
    case 'payment-ready':
      return state.plan
        ? { ...state, step: 'payment', payment: { priceId: state.plan.stripePrice, clientSecret: action.clientSecret }, error: null }
        : state;
    case 'failed':
      return { ...state, step: 'plan-details', error: action.error };
    case 'succeeded':
      return { ...state, step: 'success', payment: null, error: null };
    case 'to-overview':
      return { ...INITIAL_FLOW, step: 'overview' };
  }
}
