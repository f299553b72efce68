import type { BusinessProfile } from '../business-profile';
import { cleanLine } from '../clean-text';
import { formatUkDate } from '../dates';
import { orderStatusLabels } from '../orders/order-status';
import type { ProductionList } from '../orders/dispatch-contracts';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

/** The production list's columns, as the CSV and the PDF print them (issue 54). */
export const productionListColumns = [
  'Order',
  'Status',
  'Configuration',
  'Options',
  'Quantity',
  'Power adaptor',
  'Country',
  'Ship by',
  'Deposit',
] as const;

/** One order's cells in productionListColumns' order; an option is "name × quantity". */
export const productionListCells = (row: ProductionList['items'][number]): string[] => [
  row.orderNumber,
  orderStatusLabels[row.status],
  cleanLine(row.configuration),
  row.options.map((option) => `${cleanLine(option.name)} × ${option.quantity}`).join('; '),
  String(row.quantity),
  row.powerAdaptor ? cleanLine(row.powerAdaptor) : '',
  row.country ?? '',
  row.shipBy ? formatUkDate(row.shipBy) : 'To be confirmed',
  row.depositState,
];

/**
 * Issue 54: a batch's production list as a staff document, drawn by the shared layout: the orders
 * to build in one table, no price or amount anywhere. Staff read it in English.
 */
export function productionListDocument(
  list: ProductionList,
  facts: { profile: BusinessProfile; printedAt: Date },
): BusinessDocument {
  const widths = [13, 11, 15, 16, 5, 12, 7, 12, 9];
  return {
    kind: 'production_list',
    language: 'en',
    issuer: issuerOf(facts.profile),
    title: 'PRODUCTION LIST',
    name: `Production list ${list.batch.name}`,
    currency: 'GBP',
    meta: [
      ['Batch', cleanLine(list.batch.name)],
      ['Ship date', list.batch.date ? formatUkDate(list.batch.date) : 'To be confirmed'],
      ['Orders', String(list.orders)],
      ['Instruments', String(list.instruments)],
      ['Printed', formatUkDate(facts.printedAt.toISOString().slice(0, 10))],
    ],
    parties: [],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: 'Orders to build',
        columns: productionListColumns.map((label, index) => ({
          label,
          width: widths[index] ?? 10,
          ...(label === 'Quantity' ? { align: 'right' as const } : {}),
        })),
        rows:
          list.items.length > 0
            ? list.items.map((row) => ({ cells: productionListCells(row) }))
            : [{ cells: ['No orders to build in this batch.', '', '', '', '', '', '', '', ''] }],
      },
    ],
    sections: [],
  };
}
