import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import type { BusinessDocument } from './document-model';

/**
 * A document model as the API sends it (GET /api/quotes/{reference}/document, the admin's quote
 * page): the response schema is the allow-list of what leaves the server.
 */
export const businessDocumentSchema = z.object({
  kind: z.enum([
    'quote',
    'acknowledgement',
    'confirmation',
    'invoice',
    'credit_note',
    'delivery_note',
    'rma',
    'statement',
    'commercial_invoice',
    'repair_pro_forma',
    'order_pro_forma',
    'decontamination_declaration',
    'test_certificate',
    'declaration_of_conformity',
    'iq_oq_protocol',
    'single_supplier_statement',
    'supplier_pack',
    'production_list',
  ]),
  issuer: z.object({ legalName: z.string(), lines: z.array(z.string()), registration: z.string() }),
  title: z.string(),
  name: z.string(),
  currency: z.string(),
  meta: z.array(z.tuple([z.string(), z.string()])),
  parties: z.array(z.object({ title: z.string(), lines: z.array(z.string()) })),
  lines: z.array(
    z.object({
      name: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      total: z.number(),
      freeLabel: z.string().nullable(),
      vat: z.number().optional(),
      gross: z.number().optional(),
      emphasis: z.boolean().optional(),
      summary: z.boolean().optional(),
    }),
  ),
  totals: z.array(z.object({ label: z.string(), amount: z.number(), emphasis: z.boolean().optional() })),
  notes: z.array(z.string()),
  sections: z.array(z.object({ title: z.string(), lines: z.array(z.string()) })),
  lineColumns: z.enum(['amount', 'net_vat_gross']).optional(),
  banner: z.string().optional(),
  language: z.enum(LANGUAGES).optional(),
  columns: z.object({ item: z.string(), quantity: z.string(), unitPrice: z.string(), amount: z.string() }).optional(),
}) satisfies z.ZodType<BusinessDocument>;
