import { calendarDay } from '../../shared/batches/ship-date';

/**
 * The catalogue the shop starts with. Prices are in minor units, before VAT. The standard model
 * is the advertised starting price (£2850 / €3340); servicing is £425 (€498) a year, less 15% for
 * three years and 10% for two.
 */
export const seedProduct = {
  productKey: 'dropwise',
  name: 'Dropwise',
  description:
    'A benchtop instrument for sterile, controlled-rate, drop-wise addition of media to samples, with integrated mixing.',
  images: ['/media/instrument-front.svg', '/media/instrument-three-quarter.svg', '/media/instrument-syringe.svg'],
};

/**
 * Customs data (issue 37): plausible CN codes and weights for the seeded goods, to be confirmed by the
 * company's customs broker. The instrument is a machine of heading 8479 (8479 89 97, made in the UK);
 * its adaptors and mounts are its parts (8479 90 70); the syringes are bought in (9018 31 10, DE).
 */
const instrument = (netWeightGrams: number, grossWeightGrams: number) => ({
  commodityCode: '84798997',
  originCountry: 'GB',
  netWeightGrams,
  grossWeightGrams,
});
const part = (netWeightGrams: number, grossWeightGrams: number) => ({
  commodityCode: '84799070',
  originCountry: 'GB',
  netWeightGrams,
  grossWeightGrams,
});
const powerCord = {
  commodityCode: '85444290',
  originCountry: 'CN',
  netWeightGrams: 150,
  grossWeightGrams: 200,
  // Issue 51: given at no charge, declared at this value for customs.
  customsValueGbp: 800,
  customsValueEur: 950,
};

export const seedConfigurations = [
  {
    configId: 'dropwise-standard',
    name: 'Dropwise Standard',
    description: 'Controlled-rate drop-wise addition with integrated mixing, for everyday cell and sample work.',
    priceGbp: 285000,
    priceEur: 334000,
    features: [
      'Dispense rate 0.5-15 mL/min',
      'Mixing 0-1500 RPM',
      'Takes 3 mL and 6 mL syringes',
      'OLED display',
      '12-month warranty',
    ],
    // Issue 51: 1.5 kg, as the website says.
    ...instrument(1500, 3000),
  },
  {
    configId: 'dropwise-pro',
    name: 'Dropwise Pro',
    description: 'Everything in Standard, plus programmable addition profiles and run logs for regulated labs.',
    priceGbp: 345000,
    priceEur: 404000,
    features: [
      'Everything in Standard',
      'Programmable multi-stage addition profiles',
      'Run log export over USB',
      'Priority technical support',
    ],
    ...instrument(1500, 3000),
  },
];

export const seedAccessories = [
  {
    accessoryId: '10x-2ml-syringes',
    name: '10 x 2 mL sterile syringes',
    description: 'Single-use, Luer slip.',
    priceGbp: 1800,
    priceEur: 2100,
    ...{ commodityCode: '90183110', originCountry: 'DE', netWeightGrams: 90, grossWeightGrams: 150 },
  },
  {
    accessoryId: '10x-6ml-syringes',
    name: '10 x 6 mL sterile syringes',
    description: 'Single-use, Luer slip.',
    priceGbp: 2200,
    priceEur: 2600,
    ...{ commodityCode: '90183110', originCountry: 'DE', netWeightGrams: 140, grossWeightGrams: 210 },
  },
  {
    accessoryId: 'sample-tube-rack',
    name: 'Sample tube rack',
    description: 'Holds 15 mL and 50 mL tubes beside the instrument.',
    priceGbp: 4500,
    priceEur: 5300,
    ...{ commodityCode: '39269097', originCountry: 'GB', netWeightGrams: 320, grossWeightGrams: 450 },
  },
  {
    accessoryId: 'stir-bar-set',
    name: 'Magnetic stir bar set',
    description: 'Five PTFE-coated stir bars in three sizes.',
    priceGbp: 2500,
    priceEur: 2900,
    ...{ commodityCode: '39269097', originCountry: 'GB', netWeightGrams: 40, grossWeightGrams: 80 },
  },
  {
    accessoryId: 'quick-start-card',
    name: 'Printed quick-start card',
    description: 'A laminated bench card with the five steps.',
    priceGbp: 0,
    priceEur: 0,
    ...{ commodityCode: '49119900', originCountry: 'GB', netWeightGrams: 20, grossWeightGrams: 30 },
    customsValueGbp: 100,
    customsValueEur: 120,
  },
];

export const seedAdaptors = [
  {
    adaptorId: 'standard-art-adaptor',
    name: 'Standard ART adaptor',
    description: 'Fits standard sterile ART tubes and dishes.',
    priceGbp: 0,
    priceEur: 0,
    ...part(40, 70),
    customsValueGbp: 2500,
    customsValueEur: 2900,
  },
  {
    adaptorId: 'luer-lock-adaptor',
    name: 'Luer-lock adaptor',
    description: 'For Luer-lock syringes and needles.',
    priceGbp: 3500,
    priceEur: 4100,
    ...part(30, 60),
  },
  {
    adaptorId: 'wide-neck-adaptor',
    name: 'Wide-neck tube adaptor',
    description: 'For 50 mL conical tubes and wide-neck bottles.',
    priceGbp: 3500,
    priceEur: 4100,
    ...part(60, 90),
  },
];

export const seedSyringeHolders = [
  {
    holderId: '3ml-syringe-mount',
    name: '3 mL syringe mount',
    description: 'Always included.',
    priceGbp: 0,
    priceEur: 0,
    ...part(50, 80),
    customsValueGbp: 4000,
    customsValueEur: 4700,
  },
  {
    holderId: '6ml-syringe-mount',
    name: '6 mL syringe mount',
    description: 'For volumes up to 6 mL.',
    priceGbp: 6000,
    priceEur: 7000,
    ...part(60, 90),
  },
];

export const seedPowerAdaptors = [
  { powerAdaptorId: 'uk-power', name: 'UK plug (Type G)', region: 'UK', priceGbp: 0, priceEur: 0, ...powerCord },
  { powerAdaptorId: 'eu-power', name: 'EU plug (Type C/F)', region: 'EU', priceGbp: 0, priceEur: 0, ...powerCord },
  { powerAdaptorId: 'us-power', name: 'US plug (Type A/B)', region: 'US', priceGbp: 0, priceEur: 0, ...powerCord },
];

export const seedShippingOptions = [
  {
    shippingId: 'fedex-priority',
    name: 'FedEx International Priority',
    description: 'Tracked and insured, 1-3 working days from dispatch.',
    priceGbp: 9500,
    priceEur: 11000,
    countries: null,
  },
  // Domestic: offered (and the default once a buyer picks the United Kingdom) for UK delivery only.
  {
    shippingId: 'uk-tracked-next-day',
    name: 'UK tracked next-day courier',
    description: 'Tracked and insured, next working day from dispatch, signature on delivery. UK addresses only.',
    priceGbp: 3500,
    priceEur: 4100,
    countries: ['GB'],
  },
  {
    shippingId: 'collection',
    // {town}: the business profile's trading town, filled in as the catalogue is read (issue 38).
    name: 'Collect from {town}',
    description: 'Collect from our {town} office by appointment.',
    priceGbp: 0,
    priceEur: 0,
    // UK deliveries only (issue 37): collected goods are not exported and carry UK VAT.
    countries: ['GB'],
  },
];

export const seedServicingOptions = [
  {
    servicingId: '3-year',
    name: '3-year servicing',
    description: 'Yearly service visits and a 3-year warranty.',
    priceGbp: 108375,
    priceEur: 126990,
    discountPercentage: 15,
    warrantyYears: 3,
  },
  {
    servicingId: '2-year',
    name: '2-year servicing',
    description: 'Yearly service visits and a 2-year warranty.',
    priceGbp: 76500,
    priceEur: 89640,
    discountPercentage: 10,
    warrantyYears: 2,
  },
  {
    servicingId: '1-year',
    name: '1-year servicing',
    description: 'One service visit and a 1-year warranty.',
    priceGbp: 42500,
    priceEur: 49800,
    discountPercentage: null,
    warrantyYears: 1,
  },
  {
    servicingId: 'none',
    name: 'No servicing',
    description: 'Servicing can be bought later at £425 a year. Standard 1-year warranty.',
    priceGbp: 0,
    priceEur: 0,
    discountPercentage: null,
    warrantyYears: 1,
  },
];

/**
 * The specification's batches (ids, labels, Batch 1 sold out), dated at the next three quarter-ends
 * after the day the shop is seeded (issue 38): the specification's 2025 dates had passed, and a shop
 * must start with batches it can sell into. An existing shop keeps its batches and dates.
 */
export function seedBatches(now: Date) {
  const [first, second, third] = quarterEndsAfter(calendarDay(now), 3);
  return [
    { batchId: 'batch-1', name: 'Batch 1', date: first, soldOut: true },
    { batchId: 'batch-2', name: 'Batch 2', date: second, soldOut: false },
    { batchId: 'batch-3', name: 'Batch 3', date: third, soldOut: false },
  ];
}

/** The `count` quarter-ends (31 March, 30 June, 30 September, 31 December) after the day `day` (YYYY-MM-DD). */
export function quarterEndsAfter(day: string, count: number): string[] {
  const ends: string[] = [];
  let year = Number(day.slice(0, 4));
  let quarter = Math.floor((Number(day.slice(5, 7)) - 1) / 3);
  while (ends.length < count) {
    const month = quarter * 3 + 3;
    // Day 0 of the next month is the last day of this quarter's last month.
    const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    if (end > day) ends.push(end);
    quarter += 1;
    if (quarter === 4) {
      quarter = 0;
      year += 1;
    }
  }
  return ends;
}
