const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** 'Visa •••• 4242', as the screens, the invoice list and its export show a card. */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = CARD_BRANDS[card.brand] ?? (card.brand ? card.brand[0]!.toUpperCase() + card.brand.slice(1) : 'Card');
  return `${brand} •••• ${card.last4}`;
}

/** Dollars of a provider amount (cents), and back. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
export const toCents = (amount: string | number): number => Math.round(Number(amount) * 100);
