import { deflateSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { realBank, realDetails } from '../../../tests/support/business-profile';
import { addresses, instrumentLines, pricedOrder } from '../../../tests/support/einvoice-orders';
import { overlappingWords, pdfWordBoxes, type WordBox } from '../../../tests/support/pdf-text';
import { businessProfileDetailsSchema, bankAccountsSchema } from '../../shared/business-profile-schemas';
import { type BusinessProfile, exampleBusinessProfile } from '../../shared/business-profile';
import { commercialInvoiceDocument, itemCustomsKey } from '../../shared/documents/commercial-invoice';
import { statementDocument } from '../../shared/documents/customer-statement';
import { deliveryNoteDocument } from '../../shared/documents/delivery-note';
import type { BusinessDocument } from '../../shared/documents/document-model';
import {
  declarationOfConformityDocument,
  type InstrumentPaperFacts,
  iqOqProtocolDocument,
  testCertificateDocument,
} from '../../shared/documents/instrument-papers';
import {
  acknowledgementDocument,
  confirmationDocument,
  type DocumentOrder,
  invoiceDocument,
  orderProFormaDocument,
} from '../../shared/documents/order-documents';
import { acceptanceSectionTitle, quoteDocument } from '../../shared/documents/quote-document';
import { repairProFormaDocument } from '../../shared/documents/repair-pro-forma';
import { singleSupplierStatement } from '../../shared/documents/single-supplier-statement';
import { supplierPackDocument } from '../../shared/documents/supplier-pack';
import { EMAIL_MAX } from '../../shared/email-address';
import type { Language } from '../../shared/i18n/languages';
import { orderFieldLimits } from '../../shared/order-flow';
import { depositInvoiceVat } from '../../shared/orders/invoice-vat';
import type { OrderAddress } from '../../shared/orders/order-schema';
import type { FrozenPricing } from '../../shared/pricing/pricing-schema';
import { NAME_MAX, ORGANIZATION_MAX, type QuoteResource } from '../../shared/quotes/quote-schemas';
import { SERVICE_DESCRIPTION_MAX } from '../../shared/service-requests/service-lifecycle';
import { systemSettingsSchema } from '../../shared/settings';
import { defaultTermsValues } from '../../shared/terms';
import { decontaminationModel } from '../service-requests/decontamination-document';
import { rmaModel } from '../service-requests/rma-document';
import { renderDocumentPdf, type RenderOptions } from './document-pdf';

/**
 * Issue 52: every document the shop draws, in English, German and French, with the longest values the
 * validation allows and with short ones: no two words of a page overlap, and nothing but the
 * registration line enters the footer's band of any page (`pdftotext -bbox`, what a reader sees).
 */

/** The text repeated word by word up to exactly `max` characters (a field filled to its limit). */
function fill(text: string, max: number): string {
  let value = text;
  while (value.length < max) value = `${value} ${text}`;
  return value.slice(0, max).trimEnd();
}

/** The schemas' own limits, so the test follows them when they change. */
const maxOf = (schema: { maxLength?: number | null }) => {
  if (typeof schema.maxLength !== 'number') throw new Error('no limit');
  return schema.maxLength;
};
const details = businessProfileDetailsSchema.shape;
const address = details.tradingAddress.shape;
const bank = bankAccountsSchema.shape;

/** An e-mail address of EMAIL_MAX characters, one unbroken word (a 64-character local part, long labels). */
const longEmail = (() => {
  const local = 'a'.repeat(64);
  const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.example`;
  return `${local}@${'d'.repeat(EMAIL_MAX - local.length - 1 - domain.length - 1)}.${domain}`;
})();

const longProfile: BusinessProfile = {
  ...exampleBusinessProfile,
  legalName: fill(
    'Dropwise Präzisionsinstrumente für regulierte Laboratorien & Forschung Holdings International Limited',
    maxOf(details.legalName),
  ),
  registeredIn: fill('England and Wales', maxOf(details.registeredIn)),
  companyNumber: fill('12345678', maxOf(details.companyNumber)),
  vatNumber: fill('GB123456782', maxOf(details.vatNumber)),
  tradingAddress: {
    street: fill('Unit 4, Lancaster Science Park, Gordon Manley Building, Caton Road', maxOf(address.street)),
    city: fill('Lancaster', maxOf(address.city)),
    postalCode: fill('LA1 3PE', maxOf(address.postalCode)),
    region: fill('Lancashire', maxOf(address.region)),
    country: fill('United Kingdom of Great Britain and Northern Ireland', maxOf(address.country)),
    countryCode: 'GB',
  },
  phone: fill('+44 1524 000000', maxOf(details.phone)),
  salesEmail: longEmail,
  supportEmail: longEmail,
  deliveryPlace: fill('the delivery address on the order confirmation', maxOf(details.deliveryPlace)),
  signatoryName: fill('Ada Brightwater-Lovelace', maxOf(details.signatoryName)),
  signatoryTitle: fill('Commercial Director and Company Secretary', maxOf(details.signatoryTitle)),
  bank: {
    GBP: {
      accountName: fill('Dropwise Präzisionsinstrumente Holdings', maxOf(bank.GBP.shape.accountName)),
      bankName: fill('Northern Commercial and Investment Bank plc', maxOf(bank.GBP.shape.bankName)),
      sortCode: '20-45-77',
      accountNumber: '41234567',
    },
    EUR: {
      accountName: fill('Dropwise Präzisionsinstrumente Holdings', maxOf(bank.EUR.shape.accountName)),
      bankName: fill('Northern Commercial and Investment Bank plc', maxOf(bank.EUR.shape.bankName)),
      // The longest IBAN of the examples: Malta's, 31 characters, in groups of four as stored.
      iban: 'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
      bic: 'COBADEFFXXX',
    },
  },
};

const shortProfile: BusinessProfile = {
  ...exampleBusinessProfile,
  legalName: 'Dropwise Ltd',
  registeredIn: 'Wales',
  tradingAddress: { ...exampleBusinessProfile.tradingAddress, street: 'Caton Rd', region: '' },
};

const limits = orderFieldLimits;
const longAddress: OrderAddress = {
  name: `${fill('Erika', limits.firstName)} ${fill('Mustermann-Lüdenscheid', limits.lastName)}`,
  company: fill('Universitätsklinikum Heidelberg Zentrum für Molekulare Biologie', limits.company),
  street: fill('Im Neuenheimer Feld 282, Gebäude 3, Labor 3.14, Wareneingang', limits.address),
  city: fill('Heidelberg', limits.city),
  state: fill('Baden-Württemberg', limits.state),
  postal_code: fill('69120', limits.postalCode),
  country: 'DE',
  phone: fill('+49 6221 560', limits.phone),
};
const shortAddress: OrderAddress = {
  name: 'Al Bo',
  company: null,
  street: 'Weg 1',
  city: 'Ulm',
  state: null,
  postal_code: '89073',
  country: 'DE',
  phone: null,
};

/** A purchase-order number of the form's limit, one word (no space to wrap at). */
const longPo = fill('PO-UNIVERSITÄTSKLINIKUM-HEIDELBERG-2026-000123456', limits.poNumber).replace(/ /g, '-');
const longItemName = (index: number) =>
  fill(`Item ${index + 1}: Dropwise Pro with programmable addition profiles and run logs for GMP laboratories`, 200);

const itemTypes = [
  'base_configuration',
  'power_adaptor',
  ...Array<string>(6).fill('syringe_holder'),
  ...Array<string>(6).fill('adaptor'),
  'servicing',
  ...Array<string>(14).fill('accessory'),
  'shipping',
];

/** 30 lines (every kind of item) at large prices, goods zero-rated, services reverse-charged, carriage at 20%: three VAT parts, two notes. */
function longOrder(language: Language): DocumentOrder {
  const items = itemTypes.map((itemType, index) => {
    const free = itemType === 'power_adaptor' || index === 9;
    const quantity = itemType === 'accessory' ? 99 : 12;
    const unitPrice = free ? 0 : 9_876_543;
    const totalPrice = unitPrice * quantity;
    const supply = itemType === 'servicing' ? ('services' as const) : ('goods' as const);
    const vatTreatment =
      itemType === 'shipping'
        ? ('standard' as const)
        : supply === 'services'
          ? ('reverse_charge' as const)
          : ('zero_rated_export' as const);
    const vatRate = vatTreatment === 'standard' ? 20 : 0;
    return {
      id: `item-${index}`,
      itemType,
      itemId: `${itemType}-${index}`,
      itemName: longItemName(index),
      quantity,
      unitPrice,
      totalPrice,
      supply,
      vatTreatment,
      vatRate,
      vatAmount: Math.round((totalPrice * vatRate) / 100),
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.totalPrice, 0);
  const vat = items.reduce((sum, item) => sum + item.vatAmount, 0);
  const total = subtotal + vat;
  const deposit = Math.round((total * defaultTermsValues.depositPercent) / 100);
  return {
    orderNumber: 'O2026-00007',
    kind: 'instrument',
    quoteNumber: 'Q2026-00042',
    createdAt: '2026-11-28T10:00:00.000Z',
    currency: 'EUR',
    totalAmount: total,
    depositAmount: deposit,
    remainingAmount: total - deposit,
    subtotalAmount: subtotal,
    vatAmount: vat,
    vatRate: 20,
    items,
    billingAddress: longAddress,
    shippingAddress: {
      ...longAddress,
      street: fill('Wareneingang Labor 3.14, Im Neuenheimer Feld 282', limits.address),
    },
    poNumber: longPo,
    vatNumber: 'DE136695976',
    customerEmail: longEmail,
    language,
  };
}

function shortOrder(language: Language): DocumentOrder {
  const items = [
    {
      id: 'item-0',
      itemType: 'base_configuration',
      itemId: 'base-0',
      itemName: 'Dropwise',
      quantity: 1,
      unitPrice: 285000,
      totalPrice: 285000,
      supply: 'goods' as const,
      vatTreatment: 'standard' as const,
      vatRate: 20,
      vatAmount: 57000,
    },
  ];
  return {
    orderNumber: 'O2026-00008',
    kind: 'instrument',
    quoteNumber: null,
    createdAt: '2026-11-28T10:00:00.000Z',
    currency: language === 'en' ? 'GBP' : 'EUR',
    totalAmount: 342000,
    depositAmount: 171000,
    remainingAmount: 171000,
    subtotalAmount: 285000,
    vatAmount: 57000,
    vatRate: 20,
    items,
    billingAddress: shortAddress,
    shippingAddress: null,
    poNumber: null,
    vatNumber: null,
    customerEmail: null,
    language,
  };
}

/** A drawn signature as the acceptance stores it: a PNG (here a plain stroke, 180 × 60). */
function signaturePng(): Buffer {
  const width = 180;
  const height = 60;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 255);
  for (let y = 0; y < height; y += 1) rows[y * (width + 1)] = 0;
  for (let x = 10; x < width - 10; x += 1) rows[30 * (width + 1) + 1 + x] = 0;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const termsUrl = 'https://shop.example/terms-of-sale';
const facts = (profile: BusinessProfile) => ({
  profile,
  terms: defaultTermsValues,
  termsUrl,
  warranty: { months: 36, planName: fill('Premium servicing plan with calibration', 200) },
});

function quoteOf(order: DocumentOrder, long: boolean): QuoteResource {
  const line = (item: DocumentOrder['items'][number]) => ({
    id: item.itemId,
    name: item.itemName,
    unitPrice: item.unitPrice,
    quantity: item.quantity,
    total: item.totalPrice,
    supply: item.supply ?? 'goods',
    vatTreatment: item.vatTreatment ?? 'standard',
    vatRate: item.vatRate ?? 20,
    vat: item.vatAmount ?? 0,
  });
  const of = (type: string) => order.items.filter((item) => item.itemType === type).map(line);
  const none = {
    id: 'none',
    name: '',
    unitPrice: 0,
    quantity: 0,
    total: 0,
    supply: 'goods' as const,
    vatTreatment: 'standard' as const,
    vatRate: 20,
    vat: 0,
  };
  const subtotal = order.subtotalAmount ?? 0;
  const pricing: FrozenPricing = {
    items: {
      baseConfiguration: of('base_configuration')[0] ?? none,
      powerAdaptor: of('power_adaptor')[0] ?? none,
      syringeHolders: of('syringe_holder'),
      adaptors: of('adaptor'),
      servicing: of('servicing')[0] ?? none,
      accessories: of('accessory'),
      shipping: of('shipping')[0] ?? none,
    },
    totals: {
      basePrice: 0,
      accessoryTotal: 0,
      adaptorTotal: 0,
      syringeHolderTotal: 0,
      powerAdaptorTotal: 0,
      shippingTotal: 0,
      servicingTotal: 0,
      subtotal,
      vat: order.vatAmount ?? 0,
      total: order.totalAmount,
      deposit: order.depositAmount,
      showVAT: true,
      vatSummary: long
        ? [
            { supply: 'goods', treatment: 'zero_rated_export', rate: 0, net: subtotal - 2_000_000, vat: 0 },
            { supply: 'services', treatment: 'reverse_charge', rate: 0, net: 1_000_000, vat: 0 },
            { supply: 'goods', treatment: 'standard', rate: 20, net: 1_000_000, vat: order.vatAmount ?? 0 },
          ]
        : [{ supply: 'goods', treatment: 'standard', rate: 20, net: subtotal, vat: order.vatAmount ?? 0 }],
    },
  };
  return {
    id: 'quote-1',
    quoteNumber: 'Q2026-00042',
    reference: long ? fill('REF-', 40) : 'R1',
    status: 'sent',
    createdAt: '2026-11-20T10:00:00.000Z',
    validUntil: '2026-12-20',
    currency: order.currency === 'EUR' ? 'EUR' : 'GBP',
    configuration: null,
    customerInfo: {
      email: order.customerEmail ?? 'al@bo.example',
      firstName: long ? fill('Erika', NAME_MAX) : 'Al',
      lastName: long ? fill('Mustermann-Lüdenscheid', NAME_MAX) : 'Bo',
      organization: long
        ? fill('Universitätsklinikum Heidelberg (Zentrum für Molekulare Biologie)', ORGANIZATION_MAX)
        : '',
      country: 'DE',
    },
    pricing,
    order: null,
    batch: null,
    kind: 'instrument',
    language: order.language,
    acceptance: long
      ? {
          name: fill('Erika Mustermann', NAME_MAX),
          jobTitle: fill('Head of Procurement', 100),
          organization: fill('Universitätsklinikum Heidelberg', ORGANIZATION_MAX),
          signature: fill('Erika Mustermann', NAME_MAX),
          signatureKind: 'drawn',
          acceptedAt: '2026-11-25T10:00:00.000Z',
        }
      : null,
  };
}

function instrumentFacts(profile: BusinessProfile, order: DocumentOrder, long: boolean): InstrumentPaperFacts {
  const settings = systemSettingsSchema.shape;
  // As many entries as the settings allow, each as long as allowed.
  const list = (text: string, schema: typeof settings.conformityStandards) => {
    if (!long) return [text];
    let count = 0;
    while (schema.safeParse(Array<string>(count + 1).fill('x')).success) count += 1;
    return Array.from({ length: count }, (_, index) => fill(`${index + 1}. ${text}`, maxOf(schema.element)));
  };
  return {
    profile,
    instrument: {
      serialNumber: long ? fill('DW-2026-', 100).replace(/ /g, '') : 'DW1',
      model: long ? longItemName(0) : 'Dropwise',
      softwareVersion: long ? fill('4.2.1-build', 60) : null,
      deliveredOn: '2026-12-01',
    },
    order: {
      orderNumber: order.orderNumber,
      poNumber: order.poNumber,
      shippingAddress: order.shippingAddress,
      billingAddress: order.billingAddress,
    },
    test: {
      rateLimitPercent: 2,
      nominalVolumeMl: 10,
      volumeLimitPercent: 1,
      rateAccuracyPercent: long ? null : 0.4,
      volumeDeliveredMl: long ? null : 10.02,
      testedBy: long ? fill('Ada Brightwater-Lovelace', 100) : 'AB',
      testedOn: '2026-11-30',
      recordedAt: '2026-12-01T09:00:00.000Z',
      record: long
        ? {
            filename: fill('factory-test-record-', 200),
            sha256: 'f'.repeat(64),
            uploadedAt: '2026-12-01T09:00:00.000Z',
          }
        : null,
    },
    conformity: {
      ukca: list(
        'The Electrical Equipment (Safety) Regulations 2016 (S.I. 2016/1101), as amended',
        settings.conformityUkcaLegislation,
      ),
      ce: list(
        'Directive 2014/35/EU of the European Parliament and of the Council (Low Voltage Directive)',
        settings.conformityCeLegislation,
      ),
      standards: list(
        'EN 61010-1:2010+A1:2019 Safety requirements for electrical equipment for measurement',
        settings.conformityStandards,
      ),
    },
  };
}

interface Drawn {
  name: string;
  model: BusinessDocument;
  options?: RenderOptions;
}

/** Every document kind the shop draws, with long or short values, in a language. */
function documents(language: Language, long: boolean): Drawn[] {
  const profile = long ? longProfile : shortProfile;
  const order = long ? longOrder(language) : shortOrder(language);
  const orderFacts = facts(profile);
  const batch = { name: long ? fill('Batch 2 (spring production run)', 100) : 'B2', shipDate: '2027-03-15' };
  const deposit = {
    kind: 'deposit' as const,
    number: 'INV2026-00013',
    amount: order.depositAmount,
    vatAmount: depositInvoiceVat(order),
    issuedAt: '2026-12-02T09:00:00.000Z',
    dueDate: '2026-12-16',
  };
  const balance = {
    kind: 'balance' as const,
    number: 'INV2026-00014',
    amount: order.totalAmount - order.depositAmount,
    vatAmount: (order.vatAmount ?? 0) - deposit.vatAmount,
    issuedAt: '2027-02-01T09:00:00.000Z',
    dueDate: '2027-02-15',
    paidOnAccount: long ? 12_345 : 0,
    advance: { number: deposit.number, amount: deposit.amount, vatAmount: deposit.vatAmount },
  };
  const credit = {
    kind: 'credit' as const,
    number: 'CN2026-00003',
    amount: -deposit.amount,
    vatAmount: -deposit.vatAmount,
    issuedAt: '2027-02-03T09:00:00.000Z',
    dueDate: '2027-02-03',
    creditsNumber: deposit.number,
    reason: long
      ? fill('Cancelled at the customer’s request after the budget for the laboratory was withdrawn', 500)
      : null,
    cancellationFee: long ? { amount: 123_456, percent: 10 } : null,
  };
  const quote = quoteOf(order, long);
  const customs = new Map(
    order.items.map((item, index) => [
      itemCustomsKey(item.itemType, item.itemId),
      {
        commodityCode: '9027810000',
        originCountry: index % 2 ? 'GB' : 'CN',
        netWeightGrams: 12_345,
        grossWeightGrams: 15_678,
      },
    ]),
  );
  const statementKinds = ['invoice', 'credit_note', 'receipt', 'refund'] as const;
  const statementEntries = Array.from({ length: long ? 40 : 1 }, (_, index) => ({
    kind: statementKinds[index % statementKinds.length] ?? 'invoice',
    date: `2026-${String(1 + (index % 12)).padStart(2, '0')}-${String(1 + (index % 28)).padStart(2, '0')}`,
    at: `2026-01-01T00:00:${String(index % 60).padStart(2, '0')}.000Z`,
    currency: index % 3 === 0 ? 'GBP' : 'EUR',
    orderNumber: order.orderNumber,
    details: long
      ? fill(`Deposit invoice INV2026-000${index} for order ${order.orderNumber}, payment by bank transfer`, 200)
      : 'Invoice',
    charge: index % 2 ? 0 : 98_765_432,
    payment: index % 2 ? 98_765_432 : 0,
  }));
  const instrument = instrumentFacts(profile, order, long);
  const drawn: Drawn[] = [
    {
      name: 'quote',
      model: quoteDocument(quote, { ...orderFacts, batch }),
      options: { sectionImages: { [acceptanceSectionTitle(language)]: signaturePng() } },
    },
    { name: 'acknowledgement', model: acknowledgementDocument(order, { ...orderFacts, batch }) },
    {
      name: 'confirmation',
      model: confirmationDocument(order, {
        ...orderFacts,
        confirmedAt: '2026-11-29T10:00:00.000Z',
        depositDueDate: '2026-12-13',
        batch: { ...batch, shipping: long ? fill('DHL Express Worldwide, insured', 100) : null },
      }),
    },
    { name: 'deposit invoice', model: invoiceDocument(order, deposit, orderFacts) },
    { name: 'final invoice', model: invoiceDocument(order, balance, orderFacts) },
    { name: 'credit note', model: invoiceDocument(order, credit, orderFacts) },
    {
      name: 'order pro-forma',
      model: orderProFormaDocument(order, { ...orderFacts, issuedAt: '2026-11-30T10:00:00.000Z' }),
    },
    {
      name: 'delivery note',
      model: deliveryNoteDocument(order, {
        profile,
        termsUrl,
        tracking: long
          ? {
              carrierName: fill('DHL Express', 50),
              number: fill('JD014600006281234567', 200),
              url: `https://track.example/${'x'.repeat(180)}`,
            }
          : { carrierName: null, number: null, url: null },
        printedAt: '2026-12-05T10:00:00.000Z',
        instruments: long
          ? Array.from({ length: 12 }, (_, index) => ({
              model: longItemName(index),
              serialNumber: fill(`DW-${index}`, 100),
            }))
          : [],
      }),
    },
    {
      name: 'commercial invoice',
      model: commercialInvoiceDocument(order, {
        profile,
        invoice: { number: balance.number, issuedAt: balance.issuedAt },
        customs,
        buyerEori: long ? fill('DE123456789012345', 30).replace(/ /g, '') : null,
        printedAt: '2026-12-05T10:00:00.000Z',
      }),
    },
    {
      name: 'statement',
      model: statementDocument({
        profile,
        customer: {
          name: long ? (longAddress.name ?? null) : 'Al Bo',
          organisation: long ? (longAddress.company ?? null) : null,
          email: order.customerEmail,
          address: [longAddress.street, longAddress.city],
        },
        entries: statementEntries,
        closing: [
          { currency: 'GBP', owedOnInvoices: 98_765_432, notYetInvoiced: 98_765_432, creditHeld: 1, refundDue: 2 },
          { currency: 'EUR', owedOnInvoices: 98_765_432, notYetInvoiced: 0, creditHeld: 0, refundDue: 0 },
        ],
        printedAt: '2026-12-05T10:00:00.000Z',
        openInvoices: long
          ? Array.from({ length: 20 }, (_, index) => ({
              number: `INV2026-${String(index).padStart(5, '0')}`,
              orderNumber: order.orderNumber,
              currency: 'EUR',
              dueDate: '2026-12-16',
              outstanding: 98_765_432,
            }))
          : [],
        language,
      }),
    },
    {
      name: 'supplier-pack letter',
      model: supplierPackDocument(
        {
          profile,
          bank: profile.bank,
          version: 12,
          versionSince: '2026-10-01T00:00:00.000Z',
          certificates: long
            ? (['insurance', 'iso_9001', 'ukca_ce_declaration', 'other'] as const).map((kind, index) => ({
                kind,
                title: fill(`Certificate ${index + 1} issued by the certification body`, 200),
                expiresOn: '2027-12-31',
                pages: [index * 3 + 2, index * 3 + 4] as [number, number],
              }))
            : [],
          packPageUrl: `https://shop.example/supplier-pack/${'k'.repeat(long ? 64 : 8)}`,
          date: '2026-12-05T10:00:00.000Z',
        },
        language,
      ),
    },
    // Issue 53: the instrument's certificate and protocol, and the single-supplier statement, in the language.
    { name: 'factory test certificate', model: testCertificateDocument({ ...instrument, language }) },
    { name: 'IQ/OQ protocol', model: iqOqProtocolDocument({ ...instrument, language }) },
    {
      name: 'single-supplier statement',
      model: singleSupplierStatement(quote, {
        profile,
        reasons: long
          ? Array.from({ length: 20 }, (_, index) =>
              fill(`Reason ${index + 1}: it adds media drop by drop, sterile, at a controlled rate`, 500),
            )
          : ['It is the only one.'],
        date: new Date('2026-12-05T10:00:00.000Z'),
        language,
      }),
    },
    // Issue 53: the declaration of conformity and the decontamination declaration in the language too.
    { name: 'declaration of conformity', model: declarationOfConformityDocument({ ...instrument, language }) },
    {
      name: 'decontamination declaration',
      model: decontaminationModel(
        {
          request: { requestNumber: 'SR2026-0001', rmaNumber: 'RMA2026-0001' },
          instrument: { model: instrument.instrument.model, serialNumber: instrument.instrument.serialNumber },
          order,
        },
        {
          signedOn: '2026-12-02',
          substances: long ? fill('Cell culture media, trypsin and 70% ethanol.', 2000) : 'None',
          cleaningMethod: long ? fill('Wiped with 70% ethanol, then flushed with sterile water.\n', 2000) : 'Wiped',
          signatoryName: long ? fill('Erika Mustermann', 200) : 'Al Bo',
          createdAt: new Date('2026-12-02T10:00:00.000Z'),
        },
        profile,
      ),
    },
  ];
  // Issue 53: the RMA document and the repair pro-forma in the language too.
  return [
    ...drawn,
    {
      name: 'repair pro-forma',
      model: repairProFormaDocument({
        profile,
        rmaNumber: 'RMA2026-0001',
        requestNumber: 'SR2026-0001',
        instrument: { model: instrument.instrument.model, serialNumber: instrument.instrument.serialNumber },
        order: {
          orderNumber: order.orderNumber,
          currency: order.currency,
          address: order.shippingAddress ?? order.billingAddress,
        },
        unitValue: 9_876_543,
        customs: customs.values().next().value ?? null,
        printedAt: '2026-12-05T10:00:00.000Z',
        language,
      }),
    },
    {
      name: 'RMA',
      model: rmaModel(
        {
          request: {
            rmaNumber: 'RMA2026-0001',
            requestNumber: 'SR2026-0001',
            createdAt: new Date('2026-12-01T10:00:00.000Z'),
            // The longest description: a paragraph, then many short lines (it may hold line breaks).
            description: long
              ? `${fill('The pump stalls after ten minutes and the display shows E42.', 1000)}\n${fill('Line of the log.\n', SERVICE_DESCRIPTION_MAX - 1001)}`
              : 'Broken.',
            returnInstructions: long
              ? fill('Pack it in its original box with the decontamination declaration.', 2000)
              : null,
            underWarranty: true,
            notCoveredReason: null,
          },
          instrument: { model: instrument.instrument.model, serialNumber: instrument.instrument.serialNumber },
          order,
        },
        profile,
      ),
    },
  ];
}

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const squash = (text: string) => unescape(text).replace(/[\s\u00a0\u202f]+/g, '');

/**
 * Where each page's footer is and what else reaches it: the footer is the registration line, the
 * lowest text of the page; from its top to the foot of the page is its band, which no other word may enter.
 */
function footerProblems(words: WordBox[], registration: string): string[] {
  const wanted = squash(registration);
  const problems: string[] = [];
  for (const page of new Set(words.map((word) => word.page))) {
    const onPage = words.filter((word) => word.page === page);
    const lines = new Map<number, WordBox[]>();
    for (const word of onPage) lines.set(Math.round(word.yMin), [...(lines.get(Math.round(word.yMin)) ?? []), word]);
    const bottomUp = [...lines.entries()]
      .sort(([a], [b]) => b - a)
      .map(([, line]) => line.sort((a, b) => a.xMin - b.xMin));
    let read = '';
    const footer = new Set<WordBox>();
    for (const line of bottomUp) {
      read = squash(line.map((word) => word.text).join('')) + read;
      if (!wanted.endsWith(read)) {
        problems.push(`page ${page}: “${line.map((word) => unescape(word.text)).join(' ')}” is in the footer's band`);
        break;
      }
      for (const word of line) footer.add(word);
      if (read === wanted) break;
    }
    if (read !== wanted) {
      problems.push(`page ${page}: the footer does not read whole`);
      continue;
    }
    const bandTop = Math.min(...[...footer].map((word) => word.yMin));
    for (const word of onPage)
      if (!footer.has(word) && word.yMax > bandTop)
        problems.push(`page ${page}: “${unescape(word.text)}” enters the footer's band`);
  }
  return problems;
}

/** The page each piece of the document's text is read on, found by its text with the spaces taken out. */
function pagesOf(words: WordBox[]) {
  let text = '';
  const pages: number[] = [];
  for (const word of words) {
    const part = squash(word.text);
    text += part;
    for (let index = 0; index < part.length; index += 1) pages.push(word.page);
  }
  const at = (index: number) => ({ index, page: index === -1 ? null : (pages[index] ?? null) });
  return {
    /** Its first place from `from` on. */
    after: (needle: string, from = 0) => at(text.indexOf(squash(needle), from)),
    /** Its last place before `before` (a label also read earlier, such as a column's "Net"). */
    before: (needle: string, before: number) =>
      at(before < 0 ? -1 : text.lastIndexOf(squash(needle), before - squash(needle).length)),
  };
}

/** The blocks that are never parted: each section with bank details, and the totals with their VAT notes. */
function partedBlocks(model: BusinessDocument, words: WordBox[]): string[] {
  const find = pagesOf(words);
  const parted: string[] = [];
  const together = (name: string, first: string, last: string) => {
    const end = find.after(last, find.after(first).index);
    const start = find.before(first, end.index);
    if (start.page === null || end.page === null) parted.push(`${name}: not found`);
    else if (start.page !== end.page) parted.push(`${name}: from page ${start.page} to page ${end.page}`);
  };
  for (const section of model.sections)
    if (section.lines.some((line) => /^(IBAN|BIC)/.test(line)))
      together(section.title, `${section.title}${section.lines[0] ?? ''}`, section.lines.at(-1) ?? '');
  const lastTotal = model.totals.at(-1);
  if (model.totals[0] && lastTotal) together('totals', model.totals[0].label, model.notes.at(-1) ?? lastTotal.label);
  return parted;
}

const cases = (['en', 'de', 'fr'] as const).flatMap((language) =>
  [true, false].flatMap((long) =>
    documents(language, long).map((drawn) => ({
      ...drawn,
      language,
      long,
      label: `${drawn.name} (${language}, ${long ? 'longest' : 'shortest'} values)`,
    })),
  ),
);

describe('a layout that never overprints (issues 38 and 52)', () => {
  it.each(cases)('$label: no two words overlap, nothing enters the footer’s band', async ({ model, options }) => {
    const words = pdfWordBoxes(await renderDocumentPdf(model, options));
    const text = squash(words.map((word) => word.text).join(''));
    // What matters is there to read: the legal name, the heading, and every section.
    expect(text).toContain(squash(model.issuer.legalName));
    expect(text).toContain(squash(model.title));
    for (const section of model.sections) expect(text).toContain(squash(section.title));
    // The heading reads on one line: a smaller size before it wraps.
    const heading = model.title.split(' ');
    const tops = words
      .filter((word) => word.page === 1 && heading.includes(unescape(word.text)))
      .map((word) => word.yMin);
    expect(new Set(tops.slice(0, heading.length).map(Math.round)).size).toBe(1);
    expect(overlappingWords(words).map(([a, b]) => `page ${a.page}: “${a.text}” / “${b.text}”`)).toEqual([]);
    expect(footerProblems(words, model.issuer.registration)).toEqual([]);
    expect(partedBlocks(model, words)).toEqual([]);
  });

  // What the buyers of issue 52 met: with real business details, a nine-item order's bank details fell
  // to the foot of the page, under the registration line.
  it.each(['de', 'fr'] as const)(
    'the %s acknowledgement of a nine-item order: the bank details above the footer, whole on one page',
    async (language) => {
      const lines = Array.from({ length: 9 }, (_, index) => index).flatMap((index) => {
        const line = instrumentLines[index % instrumentLines.length];
        return line ? [{ ...line, itemName: `${line.itemName} ${index + 1}` }] : [];
      });
      const order = {
        ...pricedOrder({
          orderNumber: 'O2026-00001',
          currency: 'EUR',
          address: addresses.de,
          vatNumber: 'DE136695976',
          poNumber: 'PO-4711',
          lines,
        }),
        quoteNumber: 'Q2026-00001',
        language,
      };
      const model = acknowledgementDocument(order, {
        ...facts({ ...realDetails, bank: realBank }),
        batch: { name: 'Batch 2', shipDate: '2027-03-15' },
      });
      const words = pdfWordBoxes(await renderDocumentPdf(model));
      expect(words.map((word) => word.text)).toContain('DE89370400440532013000');
      expect(overlappingWords(words).map(([a, b]) => `page ${a.page}: “${a.text}” / “${b.text}”`)).toEqual([]);
      expect(footerProblems(words, model.issuer.registration)).toEqual([]);
      expect(partedBlocks(model, words)).toEqual([]);
    },
  );
});
