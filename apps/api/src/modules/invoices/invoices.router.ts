import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import { recordExport } from '../audit';
import { exportInvoicesCsv } from './invoice-export';
import { invoicePdf } from './invoice-pdf';
import * as service from './invoices.service';

const s = initServer();

/**
 * Pay Now starts a payment at the provider, with a new card or a saved one: billing's routes (billing.router.ts,
 * saved-card-payment.service.ts), mounted beside these by api.router.
 */
const { payInvoice: _payNowIsBillings, payInvoiceWithCard: _savedCardIsBillings, ...invoiceRoutes } = contract.invoices;

export function invoicesRoutes(deps: AppDeps) {
  return s.router(invoiceRoutes, {
    getInvoiceSummary: async ({ req }) => ({ status: 200, body: await service.getSummary(deps, actorOf(req)) }),
    exportInvoices: async ({ query, req, res }) => {
      const { filename, csv } = await exportInvoicesCsv(deps, actorOf(req), query);
      await recordExport(deps, actorOf(req), { what: 'invoices', filename, clientId: query.client ?? null, facts: { filters: query } });
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      return { status: 200, body: csv };
    },
    listRecentPayments: async ({ query, req }) => ({
      status: 200,
      body: await service.getRecentPayments(deps, actorOf(req), query.limit),
    }),
    listOverdueInvoices: async ({ query, req }) => ({
      status: 200,
      body: await service.getOverdueInvoices(deps, actorOf(req), query.limit),
    }),
    listInvoices: async ({ req, query }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listInvoices(deps, actorOf(req), query)),
    }),
    createInvoice: async ({ body, req }) => ({ status: 201, body: await service.createInvoice(deps, actorOf(req), body) }),
    getInvoice: async ({ req, params }) => ({ status: 200, body: await service.getInvoice(deps, actorOf(req), params.id) }),
    listInvoicePayments: async ({ params, req }) => ({ status: 200, body: await service.listPayments(deps, actorOf(req), params.id) }),
    recordInvoicePayment: async ({ params, body, req }) => ({
      status: 201,
      body: await service.recordPayment(deps, actorOf(req), params.id, body),
    }),
    reverseInvoicePayment: async ({ params, body, req }) => ({
      status: 200,
      body: await service.reversePayment(deps, actorOf(req), params.id, body),
    }),
    markInvoicePaid: async ({ params, req }) => ({ status: 200, body: await service.markPaid(deps, actorOf(req), params.id) }),
    sendInvoiceReminder: async ({ params, req }) => ({
      status: 200,
      body: await service.sendReminder(deps, actorOf(req), params.id),
    }),
    downloadInvoicePdf: async ({ req, params, res }) => {
      const { filename, pdf } = await invoicePdf(deps, actorOf(req), params.id);
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      return { status: 200, body: pdf };
    },
  });
}
