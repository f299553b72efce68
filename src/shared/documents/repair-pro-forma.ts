import { type BusinessProfile, profileAddressLines } from '../business-profile';
import { formatCommodityCode } from '../customs';
import type { Language } from '../i18n/languages';
import { translator } from '../i18n/translator';
import { addressLines } from '../orders/order-lines';
import type { OrderAddress } from '../orders/order-schema';
import { type ItemCustoms, localCountryName, localWeight } from './commercial-invoice';
import { localAddressLines, localIssuer } from './document-language';
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
  /** Issue 53: the language of the instrument's order (`recipientLanguage`); English when not given. */
  language?: Language;
}

/**
 * The pro-forma invoice for an instrument sent from outside the UK for repair and back (issue 37): no
 * sale, so no money changes hands; it carries the marking, the serial number, the commodity code and
 * origin, and the instrument's value for customs purposes (its price when sold), for both crossings.
 * Issue 53: in the customer's language, the marking too (`doc.repairProForma.*`); the commodity code,
 * the EORI and VAT numbers are data.
 */
export function repairProFormaDocument(facts: RepairProFormaFacts): BusinessDocument {
  const { profile, instrument, order, customs } = facts;
  const tr = translator(facts.language ?? 'en');
  const english = tr.language === 'en';
  const customer = english ? addressLines(order.address) : localAddressLines(tr, order.address);
  const country = localCountryName(tr, order.address?.country);
  const tradingAddress = english
    ? profile.tradingAddress
    : { ...profile.tradingAddress, country: tr.country(profile.tradingAddress.country) };
  const commodityCode =
    customs?.commodityCode || english ? formatCommodityCode(customs?.commodityCode ?? null) : tr.t('doc.ci.notGiven');
  const marking = tr.t('doc.repairProForma.marking');
  return {
    kind: 'repair_pro_forma',
    language: tr.language,
    issuer: english ? issuerOf(profile) : localIssuer(tr, profile),
    title: tr.t('doc.proForma.title'),
    name: tr.t('doc.repairProForma.name', { rmaNumber: facts.rmaNumber }),
    currency: order.currency,
    meta: [
      [tr.t('doc.repairProForma.number'), `PF-${facts.rmaNumber}`],
      [tr.t('doc.service.rmaNumber'), facts.rmaNumber],
      [tr.t('doc.service.serviceRequest'), facts.requestNumber],
      [tr.t('doc.meta.date'), tr.date(facts.printedAt)],
      [tr.t('doc.repairProForma.originalOrder'), order.orderNumber],
    ],
    parties: [
      { title: tr.t('doc.repairProForma.customer'), lines: customer },
      {
        title: tr.t('doc.repairProForma.repairer'),
        lines: [
          profile.legalName,
          ...profileAddressLines(tradingAddress),
          tr.t('doc.party.vatNumber', { number: profile.vatNumber }),
          tr.t('doc.ci.eori', { number: profile.eoriNumber }),
        ],
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: marking,
        columns: [
          { label: tr.t('doc.ci.col.description'), width: 22 },
          { label: tr.t('doc.papers.serialNumber'), width: 16 },
          { label: tr.t('doc.ci.col.commodityCode'), width: 14 },
          { label: tr.t('doc.ci.col.origin'), width: 13 },
          { label: tr.t('doc.pdf.qty'), width: 7, align: 'right' },
          { label: tr.t('doc.ci.col.grossWeight'), width: 12, align: 'right' },
          { label: tr.t('doc.repairProForma.col.value', { currency: order.currency }), width: 16, align: 'right' },
        ],
        rows: [
          {
            cells: [
              instrument.model,
              instrument.serialNumber,
              commodityCode,
              localCountryName(tr, customs?.originCountry),
              '1',
              localWeight(tr, customs?.grossWeightGrams ?? null),
              tr.money(facts.unitValue, order.currency),
            ],
          },
        ],
      },
    ],
    sections: [
      { title: tr.t('doc.repairProForma.markingTitle'), lines: [marking] },
      {
        title: tr.t('doc.repairProForma.movements'),
        lines: [
          tr.t('doc.repairProForma.inbound', { country, rmaNumber: facts.rmaNumber }),
          tr.t('doc.repairProForma.outbound', { country }),
          tr.t('doc.repairProForma.ownProperty'),
        ],
      },
      {
        title: tr.t('doc.ci.declarationTitle'),
        lines: [
          tr.t('doc.repairProForma.declaration'),
          tr.t('doc.ci.signed', {
            name: profile.signatoryName,
            title: profile.signatoryTitle,
            company: profile.legalName,
          }),
        ],
      },
    ],
  };
}
