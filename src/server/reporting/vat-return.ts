import { formatMoney } from '../../shared/money';

/**
 * The VAT-return figures of a period from the register's documents (issue 36, docs/decisions/0053):
 * every figure is a sum of the documents' GBP figures, invoices adding and credit notes (negative)
 * taking away, so each box equals its documents to the penny. A document with no GBP figures (an EUR
 * document whose month has no rate yet) is left out of every sum and listed as missing.
 */

/** What the boxes read of a register row. */
export interface VatReturnDocument {
  number: string;
  currency: string;
  /** The tax point's month, YYYY-MM. */
  month: string;
  /** Pence; null when no rate was known for the month. */
  gbp: { net: number; vat: number; gross: number } | null;
  /** Delivered to an EU member state (goods): what box 8 counts. */
  euGoods: boolean;
  /**
   * Of an EU delivery's document, the goods' GBP net (pence) when its lines have VAT treatments (issue
   * 37): box 8 counts the goods only, not the servicing sold with them. Absent: the whole net.
   */
  euGoodsNet?: number;
}

export interface VatReturnBox {
  box: 1 | 6 | 8;
  label: string;
  /** The exact sum in pence. */
  pence: number;
  /** What goes on the return: pounds and pence for box 1, whole pounds (pence dropped) for boxes 6 and 8 (0 for a trader in Great Britain). */
  entered: string;
  explanation: string;
}

export interface GbpTotal {
  /** YYYY-MM, or null for the whole period. */
  month: string | null;
  count: number;
  net: number;
  vat: number;
  gross: number;
}

export interface VatReturnFigures {
  boxes: VatReturnBox[];
  /** The GBP totals of the documents with figures: the period's, then each month's. */
  gbpTotals: GbpTotal[];
  /** Documents left out of every GBP figure for want of a rate. */
  missing: { number: string; currency: string; month: string }[];
}

const pounds = (pence: number) => formatMoney(pence, 'GBP', { decimals: 2 });
/** HMRC asks for boxes 6 to 9 in whole pounds: the pence are dropped (towards zero), not rounded. */
export const wholePounds = (pence: number) => Math.trunc(pence / 100);
const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function total(documents: readonly VatReturnDocument[], month: string | null): GbpTotal {
  const sum: GbpTotal = { month, count: 0, net: 0, vat: 0, gross: 0 };
  for (const document of documents) {
    if (!document.gbp) continue;
    sum.count += 1;
    sum.net += document.gbp.net;
    sum.vat += document.gbp.vat;
    sum.gross += document.gbp.gross;
  }
  return sum;
}

/** Who makes the return (issue 51): a trader in Northern Ireland (an XI VAT number) or in Great Britain. */
export interface VatReturnTrader {
  northernIreland: boolean;
}

/**
 * Boxes 1, 6 and 8 and the GBP totals, each box with a line saying how it was worked out. Box 8 is for
 * goods dispatched from Northern Ireland to the EU only: a trader in Great Britain enters 0 (its goods
 * delivered to the EU are exports, in box 6 with every other sale).
 */
export function vatReturnFigures(
  documents: readonly VatReturnDocument[],
  trader: VatReturnTrader = { northernIreland: false },
): VatReturnFigures {
  const counted = documents.filter((document) => document.gbp !== null);
  const missing = documents
    .filter((document) => document.gbp === null)
    .map(({ number, currency, month }) => ({ number, currency, month }));
  const all = total(counted, null);
  const eu = total(
    counted
      .filter((document) => document.euGoods)
      .map((document) =>
        document.euGoodsNet === undefined || !document.gbp
          ? document
          : { ...document, gbp: { ...document.gbp, net: document.euGoodsNet } },
      ),
    null,
  );
  const months = [...new Set(counted.map((document) => document.month))].sort();
  const converted = counted.filter((document) => document.currency !== 'GBP').length;
  const how =
    `${plural(all.count, 'document')} (invoices less credit notes)` +
    (converted > 0 ? `, ${converted} in euros converted at the monthly rate of their issue month` : '');
  const leftOut = missing.length > 0 ? ` ${plural(missing.length, 'document')} with no rate yet left out.` : '';
  const whole = (pence: number) => `£${wholePounds(pence).toLocaleString('en-GB')}`;
  return {
    boxes: [
      {
        box: 1,
        label: 'Box 1: VAT due on sales',
        pence: all.vat,
        entered: pounds(all.vat),
        explanation: `The VAT of ${how}, in pounds and pence.${leftOut}`,
      },
      {
        box: 6,
        label: 'Box 6: total value of sales, excluding VAT',
        pence: all.net,
        entered: whole(all.net),
        explanation: `The net of ${how}, zero-rated EU sales included: ${pounds(all.net)}, entered in whole pounds with the pence dropped, as HMRC asks.${leftOut}`,
      },
      trader.northernIreland
        ? {
            box: 8,
            label: 'Box 8: goods supplied to EU member states, excluding VAT',
            pence: eu.net,
            entered: whole(eu.net),
            explanation:
              `The goods' net of the ${plural(eu.count, 'document')} of orders delivered to an EU member state, dispatched from Northern Ireland (the business profile's VAT number is an XI number): ${pounds(eu.net)}, whole pounds with the pence dropped. ` +
              `Box 9 (goods acquired from the EU) comes from purchases, which the shop does not record.${leftOut}`,
          }
        : {
            box: 8,
            label: 'Box 8: goods supplied to EU member states, excluding VAT',
            pence: 0,
            entered: whole(0),
            explanation:
              `0: since 1 January 2021 boxes 8 and 9 are for goods moved between Northern Ireland and the EU only, and the business profile's VAT number is not an XI number, so the goods leave from Great Britain. ` +
              `Goods delivered to the EU are exports: their net (${pounds(eu.net)} this period, ${plural(eu.count, 'document')}) is in box 6 with every other sale.${leftOut}`,
          },
    ],
    gbpTotals: [
      all,
      ...months.map((month) =>
        total(
          counted.filter((document) => document.month === month),
          month,
        ),
      ),
    ],
    missing,
  };
}
