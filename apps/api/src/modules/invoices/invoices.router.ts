import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import { notImplemented } from '../../http/not-implemented';
import { exportInvoicesCsv } from './invoice-export';
import { invoicePdf } from './invoice-pdf';
import * as service from './invoices.service';

const s = initServer();

const caller = currentUser;

export function createInvoicesRouter(deps: AppDeps) {
  return s.router(contract.invoices, {
    getInvoiceSummary: async ({ req }) => ({ status: 200, body: await service.getSummary(deps, caller(req)) }),
    exportInvoices: async ({ query, res }) => {
      const { filename, csv } = await exportInvoicesCsv(deps, query);
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      return { status: 200, body: csv };
    },
    listRecentPayments: async ({ query }) => ({ status: 200, body: await service.getRecentPayments(deps, query.limit) }),
    listOverdueInvoices: async ({ query }) => ({ status: 200, body: await service.getOverdueInvoices(deps, query.limit) }),
    listInvoices: async ({ req, query }) => ({
      status: 200,
      body: await service.listInvoices(deps, caller(req), query, req),
    }),
    createInvoice: async ({ body }) => ({ status: 201, body: await service.createInvoice(deps, body) }),
    getInvoice: async ({ req, params }) => ({ status: 200, body: await service.getInvoice(deps, caller(req), params.id) }),
    markInvoicePaid: async ({ params }) => ({ status: 200, body: await service.markPaid(deps, params.id) }),
    sendInvoiceReminder: async ({ params }) => ({ status: 200, body: await service.sendReminder(deps, params.id) }),
    downloadInvoicePdf: async ({ req, params, res }) => {
      const { filename, pdf } = await invoicePdf(deps, caller(req), params.id);
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      return { status: 200, body: pdf };
    },
    // Payments (Pay Now) are built separately.
    payInvoice: notImplemented,
  });
}
