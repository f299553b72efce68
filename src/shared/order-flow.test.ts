import { describe, expect, it } from 'vitest';
import {
  addressFieldMessages,
  billingSchema,
  deliveryAddressSchema,
  createOrderRequestSchema,
  flowProgressRequestSchema,
  orderSubmitProblem,
  shippingFormSchema,
} from './order-flow';
import { englishText } from './i18n/message';
import { fieldDescriptor } from './field-messages';

describe('orderSubmitProblem (section 5, in order)', () => {
  const ok = { configuration: {}, email: 'a@b.co', firstName: 'Ada', lastName: 'Lovelace', total: 100 };
  /** The problem's English (it is a descriptor, by id for the page, issue 53). */
  const problemOf = (candidate: Parameters<typeof orderSubmitProblem>[0]) => {
    const problem = orderSubmitProblem(candidate);
    return problem && englishText(problem);
  };
  it('passes a complete order', () => expect(orderSubmitProblem(ok)).toBeNull());
  it('is a descriptor the page shows by its id', () =>
    expect(orderSubmitProblem({ ...ok, total: 0 })).toEqual({
      id: 'orderRefusal.invalidTotal',
      message: 'Invalid order total',
    }));
  it('checks the configuration first', () =>
    expect(problemOf({ ...ok, configuration: null, email: '', total: 0 })).toBe('Product configuration is missing'));
  it('then the billing e-mail', () =>
    expect(problemOf({ ...ok, email: ' ', firstName: '' })).toBe('Billing email is required'));
  it('then the names', () =>
    expect(problemOf({ ...ok, lastName: '', total: 0 })).toBe('First name and last name are required'));
  it('then the total', () => {
    expect(problemOf({ ...ok, total: 0 })).toBe('Invalid order total');
    expect(problemOf({ ...ok, total: Number.NaN })).toBe('Invalid order total');
  });
});

describe('billingSchema (step 1)', () => {
  const valid = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    address: '1 Lab Lane',
    city: 'London',
    postalCode: 'N1 1AA',
    country: 'gb',
  };
  it('needs the required fields and leaves company, phone and state optional', () => {
    const parsed = billingSchema.parse(valid);
    expect(parsed).toMatchObject({ country: 'GB', company: '', phone: '', state: '' });
  });
  it.each([
    ['firstName', 'error.firstName', 'First name is required'],
    ['lastName', 'error.lastName', 'Last name is required'],
    ['email', 'error.email', 'Please enter a valid email address'],
    ['address', 'error.address', 'Address is required'],
    ['city', 'error.city', 'City is required'],
    ['postalCode', 'error.postalCode', 'Postal code is required'],
    ['country', 'error.country', 'Please choose a country we ship to'],
  ])('%s missing: the message by its id %j, %j in English (issue 53)', (field, id, english) => {
    const result = billingSchema.safeParse({ ...valid, [field]: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: id });
    expect(fieldDescriptor(id)?.message).toBe(english);
  });
  it('stores a UK postcode normalised, billing and delivery alike, and another country’s as typed (issue 38)', () => {
    expect(billingSchema.parse({ ...valid, postalCode: 'cb3 0tx' }).postalCode).toBe('CB3 0TX');
    expect(deliveryAddressSchema.parse({ ...valid, postalCode: 'sw1y4jh' }).postalCode).toBe('SW1Y 4JH');
    expect(billingSchema.parse({ ...valid, country: 'ie', postalCode: 'd02 x285' }).postalCode).toBe('d02 x285');
    const form = shippingFormSchema.parse({
      ...valid,
      postalCode: 'cb3 0tx',
      differentDelivery: true,
      delivery: { ...valid, postalCode: 'la1 3pe' },
    });
    expect(form.postalCode).toBe('CB3 0TX');
  });
  it('refuses a country we do not ship to', () =>
    expect(billingSchema.safeParse({ ...valid, country: 'US' }).success).toBe(false));

  it('cleans every one-line field to one line, and a field of nothing but breaks is missing', () => {
    const broken = 'A\r\n\r\nB:\tC\u2028D';
    const fields = ['firstName', 'lastName', 'company', 'phone', 'address', 'city', 'state', 'postalCode'] as const;
    const parsed = billingSchema.parse({
      ...valid,
      ...Object.fromEntries(fields.map((field) => [field, broken])),
      poNumber: broken,
    });
    for (const field of [...fields, 'poNumber'] as const) expect(parsed[field], field).toBe('A B: C D');
    // The VAT number is cleaned to one line before its check: "DE 136\r\n695976" is DE136695976.
    expect(billingSchema.parse({ ...valid, vatNumber: 'DE 136\r\n695976' }).vatNumber).toBe('DE136695976');
    expect(billingSchema.safeParse({ ...valid, address: '\r\n\t' }).error?.issues[0]).toMatchObject({
      path: ['address'],
      message: addressFieldMessages.address.id,
    });
  });

  it('keeps the lines of the notes, and cleans the delivery block and the progress log like the billing fields', () => {
    const form = shippingFormSchema.parse({
      ...valid,
      notes: ' Goods-in\r\nRing first ',
      differentDelivery: true,
      delivery: { ...valid, address: '1 Lab Lane\nIMPORTANT' },
    });
    expect(form.notes).toBe('Goods-in\nRing first');
    expect(createOrderRequestSchema.parse({ idempotencyKey: 'key-12345', notes: 'a\r\nb\u0000' }).notes).toBe('a\nb');
    expect(
      flowProgressRequestSchema.parse({
        email: 'a@b.co',
        step: 'shipping',
        sessionId: 'tab',
        address: '1 Lab Lane\r\nIMPORTANT',
        notes: 'a\rb',
      }),
    ).toMatchObject({ address: '1 Lab Lane IMPORTANT', notes: 'a\nb' });
  });
});
