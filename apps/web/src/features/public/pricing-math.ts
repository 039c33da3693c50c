/** What a year on the annual price saves against twelve monthly payments: 12 × monthly − annual, never below 0. */
export function annualSavings(monthly: number, annual: number): number {
  return Math.max(0, 12 * monthly - annual);
}
