import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  creditRequestSchema,
  registerAnswerSchema,
  registerQuerySchema,
} from '../../shared/orders/order-admin-contracts';
import {
  gbpNote,
  loadRegister,
  signedMajor,
  once,
  quickBooksLines,
  quickBooksHeader,
  registerCells,
  registerHeader,
  registerTotalLabel,
  registerTotals,
  vatReturnDocuments,
  xeroLines,
  xeroHeader,
} from '../reporting/accounting-export';
import { vatReturnFigures } from '../reporting/vat-return';
import { readBusinessProfile } from '../business-profile/profile-service';
import { tradesFromNorthernIreland } from '../../shared/business-profile';
import type { Db } from '../db/client';
import { sendCsv } from './csv-export';
import {
  invoiceAnswerSchema,
  issueInvoiceRequestSchema,
  peppolSendRequestSchema,
  peppolTransmissionAnswerSchema,
  peppolTransmissionsAnswerSchema,
} from '../../shared/orders/invoice-schema';
import {
  claimTransmission,
  invoiceTransmissions,
  peppolDocument,
  recordTransmission,
  toTransmission,
} from '../billing/peppol-send';
import type { PeppolAccessPoint } from '../peppol/peppol-access-point';
import { creditInvoice, issueInvoice, toInvoice } from '../billing/invoices';
import { adminOf, adminRoute } from './admin-route-config';
import { auditedChange } from '../audit/audited-change';
import {
  paymentsRegisterAnswerSchema,
  paymentsRegisterQuerySchema,
} from '../../shared/reporting/payments-register-contracts';
import { loadPaymentsRegister, paymentsRegisterCsv, paymentsRegisterHeader } from '../reporting/payments-register';

/** Who makes the VAT return (issue 51): a trader in Northern Ireland when the profile's VAT number is an XI number. */
const vatReturnTrader = async (db: Db) => ({
  northernIreland: tradesFromNorthernIreland(await readBusinessProfile(db)),
});

/** Invoices and credit notes: money documents, so each needs the fresh second factor and writes an audit entry. */
export async function adminInvoiceRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/orders/:id/invoices',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: issueInvoiceRequestSchema,
        response: { 201: invoiceAnswerSchema },
      },
    },
    async (request, reply) => {
      const invoice = await auditedChange(app, request, async (tx, now, admin) => {
        const issued = await issueInvoice(tx, {
          orderId: request.params.id,
          kind: request.body.kind,
          acknowledgeVatNumber: request.body.acknowledgeVatNumber,
          adminId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: issued.invoice,
          audit: {
            action: 'invoice.issue',
            entityType: 'order',
            entityId: request.params.id,
            before: null,
            after: request.body.acknowledgeVatNumber ? { ...issued.after, vatNumberAcknowledged: true } : issued.after,
          },
        };
      });
      return reply.status(201).send({ invoice: toInvoice(invoice) });
    },
  );

  // Issue 40: "Send via Peppol": the invoice's UBL to the buyer through the configured access point.
  // Security issue 48, F8: the send is claimed first (one of concurrent sends goes, the others get 409),
  // the provider is asked outside any transaction, and its answer is recorded with the audit entry.
  r.post(
    '/invoices/:id/peppol',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: peppolSendRequestSchema,
        response: { 201: peppolTransmissionAnswerSchema },
      },
    },
    async (request, reply) => {
      const prepared = await peppolDocument(app.db, request.params.id, app.peppol, app.env.publicUrl);
      const resendReason = request.body?.resend ? (request.body.reason ?? null) : null;
      const claimed = await claimTransmission(app.db, {
        invoice: prepared.invoice,
        flavour: prepared.flavour,
        resendReason,
        adminId: adminOf(request).userId,
        now: app.now(),
      });
      const result = await (app.peppol as PeppolAccessPoint).send(prepared.document);
      const row = await auditedChange(app, request, async (tx, now) => {
        const recorded = await recordTransmission(tx, { claimed, result, now });
        return {
          result: recorded,
          audit: {
            action: resendReason === null ? 'invoice.peppol_send' : 'invoice.peppol_resend',
            entityType: 'order',
            entityId: prepared.invoice.orderId,
            before: null,
            after: { ...toTransmission(recorded), number: prepared.invoice.number },
          },
        };
      });
      return reply.status(201).send({ transmission: toTransmission(row) });
    },
  );

  r.get(
    '/invoices/:id/peppol',
    {
      config: adminRoute('orders.view'),
      schema: { params: z.object({ id: z.uuid() }), response: { 200: peppolTransmissionsAnswerSchema } },
    },
    async (request) => ({
      transmissions: (await invoiceTransmissions(app.db, request.params.id)).map(toTransmission),
    }),
  );

  r.post(
    '/invoices/:id/credit',
    {
      config: adminRoute('invoices.issue', { stepUp: true }),
      schema: {
        params: z.object({ id: z.uuid() }),
        body: creditRequestSchema.optional(),
        response: { 201: invoiceAnswerSchema },
      },
    },
    async (request, reply) => {
      const invoice = await auditedChange(app, request, async (tx, now, admin) => {
        const credited = await creditInvoice(tx, {
          invoiceId: request.params.id,
          amount: request.body?.amount ?? null,
          reason: request.body?.reason ?? null,
          keepCancellationFee: request.body?.keepCancellationFee ?? false,
          adminId: admin.userId,
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: credited.invoice,
          audit: {
            action: 'invoice.credit',
            entityType: 'order',
            entityId: credited.invoice.orderId,
            before: credited.before,
            after: credited.after,
          },
        };
      });
      return reply.status(201).send({ invoice: toInvoice(invoice) });
    },
  );

  r.get(
    '/invoices',
    {
      config: adminRoute('exports.csv'),
      schema: { querystring: registerQuerySchema, response: { 200: registerAnswerSchema } },
    },
    async (request) => {
      const rows = await loadRegister(app.db, request.query.from, request.query.to);
      return {
        from: request.query.from,
        to: request.query.to,
        items: rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString(), gbpNote: gbpNote(row) })),
        totals: registerTotals(rows),
        vatReturn: vatReturnFigures(vatReturnDocuments(rows), await vatReturnTrader(app.db)),
      };
    },
  );

  r.get(
    '/invoices.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: registerQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const rows = await loadRegister(app.db, from, to);
      const totals = registerTotals(rows).map((total) => [
        '',
        registerTotalLabel(total),
        `${total.count} documents`,
        '',
        '',
        '',
        '',
        '',
        signedMajor(total.net),
        signedMajor(total.vat),
        signedMajor(total.gross),
        String(total.rate),
        total.currency,
        '',
        '',
        '',
        '',
        '',
        '',
        '',
      ]);
      // The pounds: the GBP totals (documents with a rate), the VAT-return boxes, the documents without a rate.
      const figures = vatReturnFigures(vatReturnDocuments(rows), await vatReturnTrader(app.db));
      const blank = (count: number) => Array<string>(count).fill('');
      const gbpRows = [
        ...figures.gbpTotals.map((total) => [
          '',
          total.month ? `Total in pounds, ${total.month}` : 'Total in pounds',
          `${total.count} documents`,
          ...blank(13),
          signedMajor(total.net),
          signedMajor(total.vat),
          signedMajor(total.gross),
          figures.missing.length > 0 ? `${figures.missing.length} documents without a rate left out` : '',
        ]),
        ...figures.boxes.map((box) => ['', box.label, box.entered, ...blank(16), box.explanation]),
        ...figures.missing.map((missing) => [
          '',
          'No rate',
          missing.number,
          ...blank(9),
          missing.currency,
          '',
          '',
          missing.month,
          ...blank(3),
          `no rate for ${missing.month}`,
        ]),
      ];
      return sendCsv(
        reply,
        `invoice-register-${from}-to-${to}.csv`,
        registerHeader,
        once([...rows.map(registerCells), ...totals, ...gbpRows]),
        (cells) => cells,
      );
    },
  );

  r.get(
    '/invoices.xero.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: registerQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const rows = await loadRegister(app.db, from, to);
      const trader = await vatReturnTrader(app.db);
      return sendCsv(
        reply,
        `xero-sales-${from}-to-${to}.csv`,
        xeroHeader,
        once(rows.flatMap((row) => xeroLines(row, trader))),
        (cells) => cells,
      );
    },
  );

  r.get(
    '/invoices.quickbooks.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: registerQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const rows = await loadRegister(app.db, from, to);
      const trader = await vatReturnTrader(app.db);
      return sendCsv(
        reply,
        `quickbooks-sales-${from}-to-${to}.csv`,
        quickBooksHeader,
        once(rows.flatMap((row) => quickBooksLines(row, trader))),
        (cells) => cells,
      );
    },
  );

  // The payments register (issue 36): receipts and refunds by the day the money moved, beside the invoice register.
  r.get(
    '/payments',
    {
      config: adminRoute('exports.csv'),
      schema: { querystring: paymentsRegisterQuerySchema, response: { 200: paymentsRegisterAnswerSchema } },
    },
    async (request) => loadPaymentsRegister(app.db, request.query),
  );

  r.get(
    '/payments.csv',
    { config: adminRoute('exports.csv'), schema: { querystring: paymentsRegisterQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      return sendCsv(
        reply,
        `payments-register-${from}-to-${to}.csv`,
        paymentsRegisterHeader,
        paymentsRegisterCsv(app.db, request.query),
        (cells) => cells,
      );
    },
  );
}
