import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, errorResponses, paginated, ZIdParams, forClients } from '../common/common.schemas';
import {
  ZInvoiceExportQuery,
  ZInvoiceFormSchema,
  ZInvoiceListQuery,
  ZInvoicePaymentResultSchema,
  ZInvoicePaymentsSchema,
  ZInvoiceSchema,
  ZRecordPaymentSchema,
  ZReversePaymentSchema,
  ZInvoiceSummarySchema,
  ZOverdueInvoicesQuery,
  ZOverdueInvoicesSchema,
  ZCardPaymentResultSchema,
  ZPayInvoiceResponseSchema,
  ZPayWithCardSchema,
  ZRecentPaymentsQuery,
  ZRecentPaymentsSchema,
  ZSendReminderResponseSchema,
} from './invoices.schemas';

const c = initContract();

/** Static paths (summary, export, recent-payments, overdue) come before `/:id/` ones; keep that order when implementing. */
export const invoicesContract = c.router({
  getInvoiceSummary: {
    method: 'GET',
    path: '/invoices/summary/',
    summary: 'Summary cards: revenue, pending, overdue, collected this month (a client: its own invoices)',
    responses: { 200: ZInvoiceSummarySchema, ...errorResponses },
    metadata: forClients('billing', access.user),
  },
  exportInvoices: {
    method: 'GET',
    path: '/invoices/export/',
    summary: 'CSV download of the invoices matching the list filters (a client: its own)',
    query: ZInvoiceExportQuery,
    responses: {
      200: c.otherResponse({ contentType: 'text/csv', body: z.any() }),
      ...errorResponses,
    },
    metadata: forClients('billing', access.user),
  },
  listRecentPayments: {
    method: 'GET',
    path: '/invoices/recent-payments/',
    summary: 'The latest paid invoices (default 5)',
    query: ZRecentPaymentsQuery,
    responses: { 200: ZRecentPaymentsSchema, ...errorResponses },
    metadata: access.admin,
  },
  listOverdueInvoices: {
    method: 'GET',
    path: '/invoices/overdue/',
    summary: 'Overdue and pending-past-due invoices with days overdue (default first 5)',
    query: ZOverdueInvoicesQuery,
    responses: { 200: ZOverdueInvoicesSchema, ...errorResponses },
    metadata: access.admin,
  },
  reverseInvoicePayment: {
    method: 'POST',
    path: '/invoices/payments/:id/reverse/',
    summary:
      'Reverse a payment the agency recorded (with the reason): it stops counting, the invoice owes it again (a paid invoice is pending again); the history keeps both. 409 when already reversed',
    pathParams: ZIdParams,
    body: ZReversePaymentSchema,
    responses: { 200: ZInvoicePaymentResultSchema, ...errorResponses },
    metadata: access.admin,
  },
  listInvoices: {
    method: 'GET',
    path: '/invoices/',
    summary: 'Invoices (a client: its own), with search, filters and ordering',
    query: ZInvoiceListQuery,
    responses: { 200: paginated(ZInvoiceSchema), ...errorResponses },
    metadata: forClients('billing', access.user),
  },
  createInvoice: {
    method: 'POST',
    path: '/invoices/',
    summary: 'Create an invoice (status pending); the number is issued by the server unless given; duplicate → 409',
    body: ZInvoiceFormSchema,
    responses: { 201: ZInvoiceSchema, ...errorResponses },
    metadata: creates(access.admin),
  },
  getInvoice: {
    method: 'GET',
    path: '/invoices/:id/',
    summary: 'One invoice',
    pathParams: ZIdParams,
    responses: { 200: ZInvoiceSchema, ...errorResponses },
    metadata: forClients('billing', access.user),
  },
  listInvoicePayments: {
    method: 'GET',
    path: '/invoices/:id/payments/',
    summary: 'The payments the agency recorded on an invoice, reversed ones included (who recorded or reversed each, when and why)',
    pathParams: ZIdParams,
    responses: { 200: ZInvoicePaymentsSchema, ...errorResponses },
    metadata: forClients('billing', access.user),
  },
  recordInvoicePayment: {
    method: 'POST',
    path: '/invoices/:id/payments/',
    summary:
      'Record a payment received outside the payment provider (bank transfer, cash, cheque): date not after today, amount up to what is still owed; paid in full, the invoice is paid. Pending invoices only (409 otherwise)',
    pathParams: ZIdParams,
    body: ZRecordPaymentSchema,
    responses: { 201: ZInvoicePaymentResultSchema, ...errorResponses },
    metadata: creates(access.admin),
  },
  markInvoicePaid: {
    method: 'POST',
    path: '/invoices/:id/mark_paid/',
    summary:
      'Mark a pending invoice paid: records a payment of what it still owes, today, method other (409 for any other status); returns the invoice',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZInvoiceSchema, ...errorResponses },
    metadata: access.admin,
  },
  sendInvoiceReminder: {
    method: 'POST',
    path: '/invoices/:id/send_reminder/',
    summary: 'E-mail and notify the client about an unpaid invoice and record when (409 when paid)',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZSendReminderResponseSchema, ...errorResponses },
    metadata: access.admin,
  },
  downloadInvoicePdf: {
    method: 'GET',
    path: '/invoices/:id/pdf/',
    summary: 'The invoice as a PDF download',
    pathParams: ZIdParams,
    responses: {
      200: c.otherResponse({ contentType: 'application/pdf', body: z.any() }),
      ...errorResponses,
    },
    metadata: forClients('billing', access.user),
  },
  payInvoice: {
    method: 'POST',
    path: '/invoices/:id/pay/',
    summary: 'Start paying an own pending or overdue invoice (Pay Now): a payment intent to confirm in the browser',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZPayInvoiceResponseSchema, ...errorResponses },
    metadata: forClients('billing', creates(access.client)),
  },
  payInvoiceWithCard: {
    method: 'POST',
    path: '/invoices/:id/pay_with_card/',
    summary:
      "Pay an own pending or overdue invoice with a saved card (the default one unless named) in one step; charged once per attempt (a double click or a retry answers the same charge). requires_action: the card holder authenticates in the browser, then POST /billing/confirm-payment/",
    pathParams: ZIdParams,
    body: ZPayWithCardSchema,
    responses: { 200: ZCardPaymentResultSchema, ...errorResponses },
    metadata: forClients('billing', creates(access.client)),
  },
});
