import { describe, expect, it } from 'vitest';
import { orderFlowRefusals } from '../orders/order-refusals';
import { englishText, filledValues, withValues } from './message';

/** Issue 53: a refusal carries a country or an amount raw; each language writes it. */
describe('raw values', () => {
  const values = { priced: { country: 'GB' }, delivery: { country: 'DE' }, total: { amount: 480790, currency: 'GBP' } };

  it('writes a country by its name and an amount in the money style of each language', () => {
    expect(filledValues(values, 'en')).toEqual({ priced: 'United Kingdom', delivery: 'Germany', total: '£4,807.90' });
    expect(filledValues(values, 'de')).toMatchObject({ priced: 'Vereinigtes Königreich', delivery: 'Deutschland' });
    expect(filledValues(values, 'fr')).toMatchObject({ priced: 'Royaume-Uni', delivery: 'Allemagne' });
    expect(filledValues(values, 'de').total).toMatch(/^4\.807,90\s£$/);
  });

  it('keeps text and numbers, and a country that is no code as it came', () => {
    expect(filledValues({ minutes: 5, name: 'Batch 3', where: { country: 'not a code' } }, 'de')).toEqual({
      minutes: 5,
      name: 'Batch 3',
      where: 'not a code',
    });
  });

  it('gives the API its English as before', () => {
    expect(englishText(withValues(orderFlowRefusals.pricedFor, values))).toBe(
      'This order was priced for United Kingdom, not Germany. Change the delivery country or re-price the configuration for Germany.',
    );
  });
});
