import { describe, expect, it } from 'vitest';
import { defaultTermsValues, repairTerms, terms } from '../../shared/terms';
import { termsIn } from './terms-text';
import { pageText } from './use-t';

/**
 * The pages' terms summary (issue 53): English is src/shared/terms.ts word for word, so the page never
 * says the terms twice in two wordings; German and French say them as the documents do.
 */
describe('termsIn', () => {
  const values = { depositPercent: 50, depositDueDays: 14, deliveryPlace: defaultTermsValues.deliveryPlace };

  it('English is terms.ts word for word, with no note on the binding text', () => {
    const said = termsIn(pageText('en'));
    expect(said.binding).toBe(terms.binding);
    expect(said.deposit(values)).toBe(terms.deposit(values));
    expect(said.balance).toBe(terms.balance);
    expect(said.currency('EUR')).toBe(terms.currency('EUR'));
    expect(said.delivery('GB', values)).toBe(terms.delivery('GB', values));
    expect(said.delivery('DE', { deliveryPlace: 'Lab 3, Berlin' })).toBe(
      terms.delivery('DE', { deliveryPlace: 'Lab 3, Berlin' }),
    );
    expect(said.repairPayment).toBe(repairTerms.payment);
    expect(said.repairLeadTime).toBe(repairTerms.leadTime);
    expect(said.repairScope).toBe(repairTerms.scope);
    expect(said.repairCancellation).toBe(repairTerms.cancellation);
    for (const [months, plan] of [
      [12, null],
      [36, '3-year servicing'],
      [18, null],
    ] as const)
      expect(said.warranty(months, plan)).toBe(terms.warranty(months, plan));
    expect(said.bindingNote).toBeNull();
  });
});
