// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes, resetWebTest } from '../../../tests/support/web-render';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS, terms } from '../../shared/terms';
import { FaqSection } from './faq-section';

describe('the FAQ (issue 38: texts written once)', () => {
  afterEach(resetWebTest);

  it('answers "How do I pay?" with the terms’ own deposit and balance sentences, not "due when you order"', async () => {
    renderRoutes([{ path: '/', element: <FaqSection quoteValidityDays={30} warrantyMonths={12} /> }], '/');
    const answer = (await screen.findByText('How do I pay?')).closest('details');
    const deposit = terms.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS });
    expect(answer?.textContent).toContain(deposit);
    expect(answer?.textContent).toContain(terms.balance);
    expect(answer?.textContent).not.toMatch(/due when you order/);
  });
});
