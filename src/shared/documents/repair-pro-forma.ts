import { type BusinessProfile, profileAddressLines } from '../business-profile';
import { formatCommodityCode, formatWeight, repairReturnMarking } from '../customs';
import { formatUkDate } from '../dates';
import { formatMoney } from '../money';
import { addressLines } from '../orders/order-lines';
import type { OrderAddress } from '../orders/order-schema';
import { countryName, type ItemCustoms } from './commercial-invoice';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

export interface RepairProFormaFacts {
  profile: BusinessProfile;
  rmaNumber: string;
  requestNumber: string;
  instrument: { model: string; serialNumber: string };
  /** The order the instrument was sold with: its number, delivery address and currency. */
  order: { orderNumber: string; currency: string; address: OrderAddress | null };
  /** The instrument's price on that order: its value for customs purposes. */
  unitValue: number;
  customs: ItemCustoms | null;
  printedAt: Date | string;
}

/**
 * The pro-forma invoice for an instrument sent from outside the UK for repair and back (issue 37): no
 * sale, so no money changes hands; it carries the marking, the serial number, the commodity code and
 * origin, and the instrument's value for customs purposes (its price when sold), for both crossings.
 */
export function repairProFormaDocument(facts: RepairProFormaFacts): BusinessDocument {
  const { profile, instrument, order, customs } = facts;
  const money = (minor: number) => formatMoney(minor, order.currency, { decimals: 2 });
  const customer = addressLines(order.address);
  const country = countryName(order.address?.country);
  return {
    kind: 'repair_pro_forma',
    issuer: issuerOf(profile),
    title: 'PRO-FORMA INVOICE',
    name: `Pro-forma invoice ${facts.rmaNumber}`,
    currency: order.currency,
    meta: [
      ['Pro-forma number', `PF-${facts.rmaNumber}`],
      ['RMA number', facts.rmaNumber],
      ['Service request', facts.requestNumber],
      ['Date', formatUkDate(facts.printedAt)],
      ['Original order', order.orderNumber],
    ],
    parties: [
      { title: 'Customer (sends the instrument, receives it back)', lines: customer },
      {
        title: 'Repairer (receives the instrument, returns it)',
        lines: [
          profile.legalName,
          ...profileAddressLines(profile.tradingAddress),
          `VAT number: ${profile.vatNumber}`,
          `EORI number: ${profile.eoriNumber}`,
        ],
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: repairReturnMarking,
        columns: [
          { label: 'Description', width: 24 },
          { label: 'Serial number', width: 16 },
          { label: 'Commodity code', width: 14 },
          { label: 'Origin', width: 12 },
          { label: 'Qty', width: 6, align: 'right' },
          { label: 'Gross weight', width: 12, align: 'right' },
          { label: `Value for customs (${order.currency})`, width: 16, align: 'right' },
        ],
        rows: [
          {
            cells: [
              instrument.model,
              instrument.serialNumber,
              formatCommodityCode(customs?.commodityCode ?? null),
              countryName(customs?.originCountry),
              '1',
              formatWeight(customs?.grossWeightGrams ?? null),
              money(facts.unitValue),
            ],
          },
        ],
      },
    ],
    sections: [
      { title: 'Marking', lines: [repairReturnMarking] },
      {
        title: 'Movements',
        lines: [
          `1. From ${country} to the United Kingdom, for repair under RMA ${facts.rmaNumber}.`,
          `2. From the United Kingdom back to ${country} after repair, to the customer above.`,
          'The instrument is the customer’s own property, first supplied by us on the order named above. No sale takes place and nothing is paid for the goods.',
        ],
      },
      {
        title: 'Declaration',
        lines: [
          'I declare that the information on this pro-forma invoice is true and correct.',
          `Signed: ${profile.signatoryName}, ${profile.signatoryTitle}, for ${profile.legalName}`,
        ],
      },
    ],
  };
}
