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
import { fieldDescriptor, fieldRefusal, sharedFieldDescriptors } from './field-messages';
import { billingSchema, deliveryAddressSchema, shippingFormSchema } from './order-flow';
import { customerInfoSchema, detailsLiveSchema, emailStepSchema, flowEmailRequestSchema } from './quotes/quote-schemas';
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
];

describe('the shared schemas’ field messages are ids (issue 53)', () => {
  it.each(refused)('%s: every message is a known field message’s id', (_case, schema, input) => {
    const parsed = schema.safeParse(input);
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(fieldDescriptor(message), message).toBeDefined();
  });

  it('gives no shared schema a field message’s English (the English constants or a descriptor’s `.message`)', () => {
    const english =
      /\berror:\s*(?:emailFieldMessage|emailErrorMessage|emailMessage|passwordMessage|codeMessage|recoveryCodeMessage|freshCodeMessage|WAITLIST_EMAIL_INVALID|(?:orderFlowMessages|quoteFlowMessages)\.\w+|(?:\w+FieldMessages\.\w+|\w+Descriptor)\.message)\b/;
    const root = join(import.meta.dirname);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) {
          // The staff's own schemas stay English by design.
          if (entry.name !== 'admin' && entry.name !== 'locales') walk(path);
        } else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          readFileSync(path, 'utf8')
            .split('\n')
            .forEach((line, index) => {
              if (english.test(line)) offenders.push(`${relative(root, path)}:${index + 1}: ${line.trim()}`);
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
