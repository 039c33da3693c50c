import { annualSavingPercent } from '@agency/contract';

/** The best annual saving among these plans, in whole percent: the N of "Save up to N%". */
export function bestAnnualSavingPercent(plans: readonly { monthly: number; annual: number }[]): number {
  return Math.max(0, ...plans.map(annualSavingPercent));
}
