/** Whom a client's invoices and receipts are made out to: its billing details from the portal's Settings. */
export interface BillTo {
  name: string;
  company: string;
  billingAddress: string | null;
  taxId: string | null;
}

/** The "Billed to" block of a receipt: the name, the company, the address line by line, and the tax ID. */
export function billToLines(billTo: BillTo | undefined): string[] {
  if (!billTo) return [];
  const address = (billTo.billingAddress ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return ['Billed to:', billTo.name, ...(billTo.company && billTo.company !== billTo.name ? [billTo.company] : []), ...address, ...(billTo.taxId ? [`Tax ID: ${billTo.taxId}`] : []), ''];
}
