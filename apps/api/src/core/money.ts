/**
 * Money is numeric(12,2) in Postgres, read as a string and summed in SQL; the API sends numbers with two
 * decimals. These are the only conversions.
 */

/** A stored amount (numeric string) or a computed one, as a number rounded to cents. */
export const toMoney = (value: string | number): number => Math.round(Number(value) * 100) / 100;

/** An amount as the numeric(12,2) string a column takes. */
export const toNumeric = (value: string | number): string => toMoney(value).toFixed(2);

/** $1,234.50 — for texts (notifications, e-mails, PDFs). */
export function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
