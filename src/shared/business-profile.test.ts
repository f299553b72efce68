import { describe, expect, it } from 'vitest';
import { exampleBusinessProfile, isExampleAddress, mailSenderOf, setupChecklist } from './business-profile';

describe('isExampleAddress', () => {
  it.each([
    'orders@dropwise-labs.example',
    'Dropwise <no-reply@dropwise-labs.example>',
    'a@example',
    'a@example.com',
    'a@EXAMPLE.ORG',
    'a@mail.example.net',
    'a@shop.example.com.',
  ])('%s is an example address', (address) => expect(isExampleAddress(address)).toBe(true));

  it.each([
    'orders@fjordlight.test',
    'a@example.co.uk',
    'a@myexample.com',
    'a@example.community',
    'Fjordlight <no-reply@fjordlight.co.uk>',
  ])('%s is not', (address) => expect(isExampleAddress(address)).toBe(false));
});

describe('the e-mail items of the set-up checklist', () => {
  const item = (key: string, mailFrom?: string) =>
    setupChecklist(exampleBusinessProfile, { mailFrom }).find((entry) => entry.key === key)?.done;

  it('judges the sender in force: MAIL_FROM where set, else the profile’s', () => {
    expect(item('mailSender')).toBe(false);
    expect(item('mailSender', 'Fjordlight <no-reply@fjordlight.test>')).toBe(true);
    expect(item('mailSender', 'no-reply@example.com')).toBe(false);
    expect(mailSenderOf(exampleBusinessProfile)).toEqual({
      name: 'Dropwise Labs',
      address: 'no-reply@dropwise-labs.example',
    });
    expect(mailSenderOf(exampleBusinessProfile, { mailFrom: 'x@fjordlight.test' })).toBe('x@fjordlight.test');
    expect(item('alertMailbox', 'Fjordlight <no-reply@fjordlight.test>')).toBe(false);
  });
});
