/** Dollars of a provider amount (cents), and back. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
export const toCents = (amount: string | number): number => Math.round(Number(amount) * 100);
