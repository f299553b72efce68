import { describe, expect, it } from 'vitest';
import { fieldDescriptor } from '../field-messages';
import { quoteFlowMessages as m } from './quote-messages';
import { customerInfoSchema, detailsLiveSchema, emailStepSchema } from './quote-schemas';

/** The first issue, its message read by its id (a shared field message, issue 53): an English text is no id. */
const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => {
  if (result.success) return null;
  const id = result.error?.issues[0]?.message ?? '';
  return {
    path: result.error?.issues[0]?.path.join('.'),
    message: fieldDescriptor(id)?.message ?? `not a field message's id: ${id}`,
  };
};

describe('quote flow step 1 (e-mail)', () => {
  it.each([['ada@example.com'], ['  ada@example.co.uk  ']])('accepts %j', (email) => {
    expect(emailStepSchema.safeParse({ email }).success).toBe(true);
  });
  it.each([[''], ['ada'], ['ada@'], ['ada@example'], [`${'a'.repeat(245)}@example.com`]])(
    'refuses %j with the live message',
    (email) => {
      expect(firstIssue(emailStepSchema.safeParse({ email }))).toEqual({
        path: 'email',
        message: 'Please enter a valid email address',
      });
    },
  );
});

describe('quote flow step 2 (details)', () => {
  const valid = {
    firstName: "Anne-Marie O'Brien",
    lastName: 'St. John',
    organization: "Smith & Sons (Bio), Int'l - Lab 2.",
  };

  it('accepts letters, spaces, hyphens, apostrophes and full stops in names and business symbols in organizations', () => {
    expect(detailsLiveSchema.safeParse(valid).success).toBe(true);
    expect(customerInfoSchema.safeParse({ ...valid, email: 'a@b.co' }).success).toBe(true);
    expect(detailsLiveSchema.safeParse({ ...valid, firstName: 'Zoë', lastName: 'Łukasz' }).success).toBe(true);
  });

  it.each([
    ['firstName', 'R2D2', m.firstNameLive, m.firstNameSubmit],
    ['firstName', '', m.firstNameLive, m.firstNameSubmit],
    ['firstName', 'x'.repeat(101), m.firstNameLive, m.firstNameSubmit],
    ['lastName', 'Smith!', m.lastNameLive, m.lastNameSubmit],
    ['lastName', '   ', m.lastNameLive, m.lastNameSubmit],
    ['organization', 'Acme <b>', m.organizationLive, m.organizationSubmit],
    ['organization', '', m.organizationLive, m.organizationSubmit],
    ['organization', 'a'.repeat(201), m.organizationLive, m.organizationSubmit],
  ])('%s %j: live and submit messages', (field, value, live, submit) => {
    expect(firstIssue(detailsLiveSchema.safeParse({ ...valid, [field]: value }))).toEqual({
      path: field,
      message: live,
    });
    expect(firstIssue(customerInfoSchema.safeParse({ ...valid, email: 'a@b.co', [field]: value }))).toEqual({
      path: field,
      message: submit,
    });
  });

  it.each([
    ['firstName', 'Anne\r\nMarie', m.firstNameSubmit],
    ['lastName', 'St.\tJohn', m.lastNameSubmit],
    ['lastName', 'Smith\u2028IMPORTANT', m.lastNameSubmit],
    ['organization', 'Smith & Sons\n\nPay to 00-00-00', m.organizationSubmit],
    ['organization', 'Lab\u0000', m.organizationSubmit],
  ])('refuses %s %j: a line break or control character has no place in a one-line field', (field, value, submit) => {
    expect(firstIssue(customerInfoSchema.safeParse({ ...valid, email: 'a@b.co', [field]: value }))).toEqual({
      path: field,
      message: submit,
    });
  });

  it('uses the exact texts of the specification', () => {
    expect(m.firstNameLive).toBe(
      'First name must be 1-100 characters and contain only letters, spaces, hyphens, and apostrophes',
    );
    expect(m.lastNameSubmit).toBe('Valid last name is required (1-100 characters, letters only)');
    expect(m.organizationLive).toBe(
      'Organization name must be 1-200 characters and contain only alphanumeric characters and common business symbols',
    );
    expect(m.organizationSubmit).toBe('Valid organization name is required (1-200 characters)');
    expect(firstIssue(customerInfoSchema.safeParse({ ...valid, email: 'nope' }))).toEqual({
      path: 'email',
      message: 'Valid email address is required',
    });
  });
});
