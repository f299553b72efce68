// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderLinesTable } from './order-paperwork';

const item = (
  itemType: string,
  totalPrice: number,
  vat: {
    supply: 'goods' | 'services';
    vatTreatment: 'standard' | 'zero_rated_export' | 'reverse_charge';
    vatRate: number;
    vatAmount: number;
  } | null,
) => ({
  id: itemType,
  itemType,
  itemId: itemType,
  itemName: itemType,
  quantity: 1,
  unitPrice: totalPrice,
  totalPrice,
  ...(vat ?? { supply: null, vatTreatment: null, vatRate: null, vatAmount: null }),
});

describe('the order page’s lines and VAT (issue 37)', () => {
  afterEach(cleanup);

  it('a German GmbH’s order: a 0% line per treatment, each explained in the rule’s words', () => {
    render(
      <OrderLinesTable
        order={{
          currency: 'EUR',
          items: [
            item('base_configuration', 334000, {
              supply: 'goods',
              vatTreatment: 'zero_rated_export',
              vatRate: 0,
              vatAmount: 0,
            }),
            item('servicing', 126990, { supply: 'services', vatTreatment: 'reverse_charge', vatRate: 0, vatAmount: 0 }),
          ],
          subtotalAmount: 460990,
          vatAmount: 0,
          vatRate: 0,
          totalAmount: 460990,
          depositAmount: 230495,
        }}
      />,
    );
    expect(screen.getByText('VAT 0% on goods (net €3,340.00)')).toBeTruthy();
    expect(screen.getByText('VAT 0% on services (net €1,269.90)')).toBeTruthy();
    expect(screen.getByText('Goods (net €3,340.00): Zero-rated export of goods (VAT Notice 703)')).toBeTruthy();
    expect(
      screen.getByText(
        'Services (net €1,269.90): Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('order-vat').textContent).toBe('€0.00');
  });

  it('an order placed before lines had VAT shows its one rate, as then, and no wording', () => {
    render(
      <OrderLinesTable
        order={{
          currency: 'EUR',
          items: [item('base_configuration', 334000, null)],
          subtotalAmount: 334000,
          vatAmount: 0,
          vatRate: 0,
          totalAmount: 334000,
          depositAmount: 167000,
        }}
      />,
    );
    expect(screen.getByText('VAT (0%)')).toBeTruthy();
    expect(screen.queryByTestId('vat-notes')).toBeNull();
  });
});
