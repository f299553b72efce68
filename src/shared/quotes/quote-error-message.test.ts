import { describe, expect, it } from 'vitest';
import { quoteCreationErrorMessage } from './quote-error-message';

describe('quoteCreationErrorMessage (section 8), a message without a code', () => {
  it.each([
    ['Valid email address is required', 'Please enter a valid email address.'],
    [
      'Valid first name is required (1-100 characters, letters only)',
      'Please enter a valid first name (letters, spaces, hyphens, and apostrophes only).',
    ],
    [
      'Valid last name is required (1-100 characters, letters only)',
      'Please enter a valid last name (letters, spaces, hyphens, and apostrophes only).',
    ],
    ['Valid organization name is required (1-200 characters)', 'Please enter a valid organization name.'],
    [
      'Rate limit exceeded. Please wait before creating another quote.',
      'You have reached the maximum number of quotes per hour. Please try again later.',
    ],
    ['Product data not found', 'Product data not found'],
    ['', 'Failed to create quote'],
  ])('%j → %j', (message, shown) => {
    expect(quoteCreationErrorMessage(message)).toBe(shown);
  });
});

describe('quoteCreationErrorMessage (section 8), by the code and fields the server sends', () => {
  it.each([
    [
      { code: 'invalid_input', fields: { 'customerInfo.email': 'Valid email address is required' } },
      'Please enter a valid email address.',
    ],
    [
      {
        code: 'invalid_input',
        fields: { 'customerInfo.firstName': 'Valid first name is required (1-100 characters, letters only)' },
      },
      'Please enter a valid first name (letters, spaces, hyphens, and apostrophes only).',
    ],
    [
      {
        code: 'invalid_input',
        fields: { 'customerInfo.lastName': 'Valid last name is required (1-100 characters, letters only)' },
      },
      'Please enter a valid last name (letters, spaces, hyphens, and apostrophes only).',
    ],
    [
      {
        code: 'invalid_input',
        fields: { 'customerInfo.organization': 'Valid organization name is required (1-200 characters)' },
      },
      'Please enter a valid organization name.',
    ],
  ])('%j → %j', (failure, shown) => {
    expect(quoteCreationErrorMessage(Object.values(failure.fields)[0], failure)).toBe(shown);
  });

  it('names the first refused field, as the message does', () => {
    const fields = {
      'customerInfo.organization': 'Valid organization name is required (1-200 characters)',
      'customerInfo.email': 'Valid email address is required',
    };
    expect(quoteCreationErrorMessage(fields['customerInfo.organization'], { code: 'invalid_input', fields })).toBe(
      'Please enter a valid organization name.',
    );
  });

  it('shows a rate limit as the quotes-per-hour message whatever its text', () => {
    expect(
      quoteCreationErrorMessage('Rate limit exceeded. Please wait before creating another quote.', {
        code: 'rate_limited',
      }),
    ).toBe('You have reached the maximum number of quotes per hour. Please try again later.');
  });

  it('does not guess from the words of a coded message: a configuration problem that mentions email stays as the server worded it', () => {
    const message = 'This configuration cannot be sent as an email quote';
    expect(
      quoteCreationErrorMessage(message, { code: 'invalid_input', fields: { 'configuration.model': message } }),
    ).toBe(message);
    expect(
      quoteCreationErrorMessage('Max 1 for free items', {
        code: 'invalid_input',
        fields: { 'configuration.accessoryQuantities.quick-start-card': 'Max 1 for free items' },
      }),
    ).toBe('Max 1 for free items');
    expect(quoteCreationErrorMessage('Product data not found', { code: 'not_found' })).toBe('Product data not found');
  });
});
