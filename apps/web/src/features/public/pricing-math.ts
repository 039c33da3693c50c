import { annualSavingPercent } from '@agency/contract';

/** What a year on the annual price saves against twelve monthly payments: 12 × monthly − annual, never below 0. */
export function annualSavings(monthly: number, annual: number): number {
  return Math.max(0, 12 * monthly - annual);
}

/** The best annual saving among these plans, in whole percent: the N of "Save up to N%". */
export function bestAnnualSavingPercent(plans: readonly { monthly: number; annual: number }[]): number {
  return Math.max(0, ...plans.map(annualSavingPercent));
}
