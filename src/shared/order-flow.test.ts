import { describe, expect, it } from 'vitest';
import { billingSchema, orderSubmitProblem } from './order-flow';

describe('orderSubmitProblem (section 5, in order)', () => {
  const ok = { configuration: {}, email: 'a@b.co', firstName: 'Ada', lastName: 'Lovelace', total: 100 };
  it('passes a complete order', () => expect(orderSubmitProblem(ok)).toBeNull());
  it('checks the configuration first', () =>
    expect(orderSubmitProblem({ ...ok, configuration: null, email: '', total: 0 })).toBe(
      'Product configuration is missing',
    ));
  it('then the billing e-mail', () =>
    expect(orderSubmitProblem({ ...ok, email: ' ', firstName: '' })).toBe('Billing email is required'));
  it('then the names', () =>
    expect(orderSubmitProblem({ ...ok, lastName: '', total: 0 })).toBe('First name and last name are required'));
  it('then the total', () => {
    expect(orderSubmitProblem({ ...ok, total: 0 })).toBe('Invalid order total');
    expect(orderSubmitProblem({ ...ok, total: Number.NaN })).toBe('Invalid order total');
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
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['email', 'Please enter a valid email address'],
    ['address', 'Address is required'],
    ['city', 'City is required'],
    ['postalCode', 'Postal code is required'],
    ['country', 'Please choose a country we ship to'],
  ])('%s missing: %j', (field, message) => {
    const result = billingSchema.safeParse({ ...valid, [field]: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });
  it('refuses a country we do not ship to', () =>
    expect(billingSchema.safeParse({ ...valid, country: 'US' }).success).toBe(false));
});
