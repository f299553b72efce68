import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  codeSchema,
  freshCodeSchema,
  recoveryCodeInputSchema,
  signInSchema,
  signUpSchema,
} from './accounts/auth-schemas';
import { createOrganisationRequestSchema } from './accounts/organisation-schemas';
import { fieldDescriptor, fieldRefusal, sharedFieldDescriptors } from './field-messages';
import { billingSchema, deliveryAddressSchema, createOrderRequestSchema, shippingFormSchema } from './order-flow';
import { attachPoRequestSchema } from './orders/po-document';
import {
  acceptQuoteRequestSchema,
  extensionRequestSchema,
  sendToApproverRequestSchema,
} from './quotes/quote-acceptance';
import {
  customerInfoSchema,
  detailsLiveSchema,
  emailStepSchema,
  flowEmailRequestSchema,
  languageSchema,
} from './quotes/quote-schemas';
import { createServiceRequestSchema, decontaminationRequestSchema } from './service-requests/service-contracts';
import { sendSupplierPackRequestSchema } from './supplier-pack/supplier-pack';
import { waitlistRequestSchema } from './waitlist';

/**
 * Issue 53, decision 0084: the zod schemas shared by browser and server carry a field's message as its
 * descriptor's id, so the page shows it by the id in its own language and no table finds it by its English.
 */
const long = (length: number) => 'x'.repeat(length);
const refused: [string, z.ZodType, unknown][] = [
  ['billing, all missing', billingSchema, {}],
  [
    'billing, blank',
    billingSchema,
    { firstName: ' ', lastName: '', email: 'a@', address: '', city: '', postalCode: '', country: 'US' },
  ],
  [
    'billing, too long',
    billingSchema,
    { firstName: long(101), company: long(201), phone: long(51), notes: long(2001) },
  ],
  ['delivery address', deliveryAddressSchema, { firstName: '', country: 'XX' }],
  [
    'order flow step 1 with a delivery block',
    shippingFormSchema,
    { differentDelivery: true, delivery: {}, notes: long(2001) },
  ],
  ['sign-in', signInSchema, { email: 'ada', password: '12345' }],
  ['sign-up', signUpSchema, { email: '', password: '' }],
  ['authenticator code', codeSchema, '12345'],
  ['recovery code', recoveryCodeInputSchema, { code: ' ' }],
  ['fresh code', freshCodeSchema, long(65)],
  ['quote e-mail step', emailStepSchema, { email: 'ada@example' }],
  ['quote details as typed', detailsLiveSchema, { firstName: 'R2D2', lastName: '', organization: 'Acme <b>' }],
  [
    'quote details as submitted',
    customerInfoSchema,
    { email: 'nope', firstName: '', lastName: long(101), organization: '', billingCountry: 'US' },
  ],
  ['the flows’ e-mail', flowEmailRequestSchema, { email: 'nope' }],
  ['supplier pack', sendSupplierPackRequestSchema, { email: 'nope' }],
  ['USA waitlist, not an address', waitlistRequestSchema, { email: 'ada@' }],
  ['USA waitlist, missing', waitlistRequestSchema, {}],
  ['USA waitlist, blank', waitlistRequestSchema, { email: '  ' }],
  ['USA waitlist, too long', waitlistRequestSchema, { email: `${long(250)}@example.com` }],
  ['quote acceptance, all missing (typed)', acceptQuoteRequestSchema, {}],
  [
    'quote acceptance, invalid and too long',
    acceptQuoteRequestSchema,
    { name: 'R2D2', jobTitle: long(101), organization: 'Acme <b>', email: 'nope', signature: ' ' },
  ],
  [
    'quote acceptance, drawn without a drawing',
    acceptQuoteRequestSchema,
    { name: 'Ada', jobTitle: 'PI', organization: 'Kings', email: 'a@b.co', signatureKind: 'drawn' },
  ],
  [
    'quote acceptance, drawn not a PNG',
    acceptQuoteRequestSchema,
    {
      name: 'Ada',
      jobTitle: 'PI',
      organization: 'Kings',
      email: 'a@b.co',
      signatureKind: 'drawn',
      signatureImage: 'data:image/gif;base64,R0lG',
    },
  ],
  ['send to my approver', sendToApproverRequestSchema, { email: 'nope' }],
  ['extension until a day not written as one', extensionRequestSchema.options[1], { until: '1 March' }],
  [
    'service request, missing description',
    createServiceRequestSchema,
    { serial: 'DW-1', description: ' \n ', photos: [{ dataBase64: '%%%' }] },
  ],
  [
    'service request, too long and too many photos',
    createServiceRequestSchema,
    { serial: 'DW-1', description: long(4001), photos: [1, 2, 3, 4].map(() => ({ dataBase64: 'AAAA' })) },
  ],
  ['decontamination declaration, all missing', decontaminationRequestSchema, {}],
  [
    'decontamination declaration, too long and unsigned',
    decontaminationRequestSchema,
    { substances: long(2001), cleaningMethod: long(2001), signatoryName: long(201), signed: false, signedOn: 'x' },
  ],
  ['document language', languageSchema, 'es'],
  ['order, document language', createOrderRequestSchema.pick({ language: true }), { language: 'es' }],
  ['PO upload', attachPoRequestSchema.omit({ filename: true }), { poNumber: long(101), dataBase64: '%%%' }],
  ['organisation name, blank', createOrganisationRequestSchema, { name: ' ' }],
  ['organisation name, a web address', createOrganisationRequestSchema, { name: 'evil.example' }],
];

describe('the shared schemas’ field messages are ids (issue 53)', () => {
  it.each(refused)('%s: every message is a known field message’s id', (_case, schema, input) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(fieldDescriptor(message), message).toBeDefined();
  });

  it('gives no customer-facing shared schema English: only ids (the staff’s own schemas stay English)', () => {
    // A zod message written as text ('…', "…", `…`), an English constant (WAITLIST_EMAIL_REQUIRED), a table of
    // English (`serviceMessages.x`, `quoteActionMessages.x`) or a descriptor's `.message`: all English.
    const english =
      /\b(?:error|message):\s*(?:['"`]|[A-Z][A-Z_]{2,}\b|\w+Messages\.\w+\b(?!\.id)|(?:emailFieldMessage|emailErrorMessage|emailMessage|passwordMessage|codeMessage|recoveryCodeMessage|freshCodeMessage)\b|(?:\w+FieldMessages\.\w+|\w+Descriptor)\.message\b)/;
    // Where a zod call is: `{ error: … }` of a check, or an `addIssue({ … message: … })`.
    const zodCall = /\{\s*error:|\.\w+\([^)]*\{[^}]*\berror:|addIssue\(/;
    /** Schemas only staff meet (their pages are English by design), by file, and by line in a shared file. */
    const staffOnly = [
      'catalogue/catalogue-schemas.ts',
      'instruments/instrument-papers.ts',
      'instruments/instrument-schemas.ts',
      'instruments/model-documents.ts',
      'lists.ts',
      'orders/account-receipts.ts',
      'orders/export-proof.ts',
      'orders/invoice-schema.ts',
      'orders/order-admin-contracts.ts',
      'orders/payment-reminders.ts',
      'quotes/quote-admin-schemas.ts',
      'reporting/exchange-rate-schemas.ts',
      'reporting/payments-register-contracts.ts',
      'service-requests/repair-payment.ts',
      'settings.ts',
      'staff/staff-schemas.ts',
    ];
    const staffLines = [/'Say what the repair is\.'|'Enter the net price|'The net price must/];
    // The configurator's quantity steppers never show these (a stepper keeps the number in range).
    const notShown = ['configuration.ts'];
    const root = join(import.meta.dirname);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        const file = relative(root, path).replaceAll('\\', '/');
        if (entry.isDirectory()) {
          // The staff's own schemas stay English by design.
          if (entry.name !== 'admin' && entry.name !== 'locales') walk(path);
        } else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          if (staffOnly.includes(file) || notShown.includes(file)) continue;
          readFileSync(path, 'utf8')
            .split('\n')
            .forEach((line, index) => {
              if (!zodCall.test(line) && !/^\s*(?:error|message):/.test(line)) return;
              if (!english.test(line) || staffLines.some((staff) => staff.test(line))) return;
              // A descriptor's own English (`{ id: '…', message: '…' }`) is where the English belongs.
              if (/\bid:\s*'/.test(line) || /^\s*message:\s*['"`]/.test(line)) return;
              offenders.push(`${file}:${index + 1}: ${line.trim()}`);
            });
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });

  it('has one descriptor per id, and an English text is no id', () => {
    const ids = sharedFieldDescriptors.map((descriptor) => descriptor.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const descriptor of sharedFieldDescriptors) expect(fieldDescriptor(descriptor.message)).toBeUndefined();
  });

  it('answers a field by its English and its id, and other text as it came', () => {
    expect(fieldRefusal({ 'billing.email': 'error.email', 'billing.vatNumber': 'Not a VAT number' })).toEqual({
      fields: { 'billing.email': 'Please enter a valid email address', 'billing.vatNumber': 'Not a VAT number' },
      fieldMessageIds: { 'billing.email': 'error.email' },
    });
  });
});
