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

/**
 * Issue 53: each seeded option comes with its German and French name and description (the catalogue
 * editor's "Name (Deutsch)", …), so a new shop's German and French pages, quotes and orders name its
 * options in the language, each model its features too; the collection option's {town} is filled in its
 * German and French as in its English. A shop seeded before keeps its options as they are (staff add
 * the translations in the editor).
 */
export const seedConfigurations = [
  {
    configId: 'dropwise-standard',
    translations: {
      de: {
        name: 'Dropwise Standard',
        description:
          'Kontrollierte tropfenweise Zugabe mit integriertem Mischen, für die tägliche Arbeit mit Zellen und Proben.',
        features: [
          'Förderrate 0,5–15 mL/min',
          'Mischen 0–1500 U/min',
          'Für Spritzen mit 3 mL und 6 mL',
          'OLED-Display',
          '12 Monate Garantie',
        ],
      },
      fr: {
        name: 'Dropwise Standard',
        description:
          'Ajout goutte à goutte à débit contrôlé avec agitation intégrée, pour le travail quotidien sur cellules et échantillons.',
        features: [
          'Débit de 0,5 à 15 mL/min',
          'Agitation de 0 à 1500 tr/min',
          'Accepte les seringues de 3 mL et de 6 mL',
          'Écran OLED',
          'Garantie de 12 mois',
        ],
      },
    },
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
    translations: {
      de: {
        name: 'Dropwise Pro',
        description: 'Alles aus Standard, dazu programmierbare Zugabeprofile und Laufprotokolle für regulierte Labore.',
        features: [
          'Alles aus Standard',
          'Programmierbare mehrstufige Zugabeprofile',
          'Export der Laufprotokolle über USB',
          'Bevorzugter technischer Support',
        ],
      },
      fr: {
        name: 'Dropwise Pro',
        description:
          'Tout ce qu’offre Standard, plus des profils d’ajout programmables et des journaux d’exécution pour les laboratoires réglementés.',
        features: [
          'Tout ce qu’offre Standard',
          'Profils d’ajout programmables en plusieurs étapes',
          'Export des journaux d’exécution par USB',
          'Assistance technique prioritaire',
        ],
      },
    },
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
    translations: {
      de: { name: '10 × 2-mL-Spritzen, steril', description: 'Einweg, Luer-Slip.' },
      fr: { name: '10 seringues stériles de 2 mL', description: 'À usage unique, Luer slip.' },
    },
    name: '10 x 2 mL sterile syringes',
    description: 'Single-use, Luer slip.',
    priceGbp: 1800,
    priceEur: 2100,
    ...{ commodityCode: '90183110', originCountry: 'DE', netWeightGrams: 90, grossWeightGrams: 150 },
  },
  {
    accessoryId: '10x-6ml-syringes',
    translations: {
      de: { name: '10 × 6-mL-Spritzen, steril', description: 'Einweg, Luer-Slip.' },
      fr: { name: '10 seringues stériles de 6 mL', description: 'À usage unique, Luer slip.' },
    },
    name: '10 x 6 mL sterile syringes',
    description: 'Single-use, Luer slip.',
    priceGbp: 2200,
    priceEur: 2600,
    ...{ commodityCode: '90183110', originCountry: 'DE', netWeightGrams: 140, grossWeightGrams: 210 },
  },
  {
    accessoryId: 'sample-tube-rack',
    translations: {
      de: { name: 'Probenröhrchen-Ständer', description: 'Hält 15-mL- und 50-mL-Röhrchen neben dem Gerät.' },
      fr: {
        name: 'Portoir pour tubes d’échantillon',
        description: 'Accueille des tubes de 15 mL et 50 mL à côté de l’instrument.',
      },
    },
    name: 'Sample tube rack',
    description: 'Holds 15 mL and 50 mL tubes beside the instrument.',
    priceGbp: 4500,
    priceEur: 5300,
    ...{ commodityCode: '39269097', originCountry: 'GB', netWeightGrams: 320, grossWeightGrams: 450 },
  },
  {
    accessoryId: 'stir-bar-set',
    translations: {
      de: { name: 'Magnetrührstäbchen-Set', description: 'Fünf PTFE-beschichtete Rührstäbchen in drei Größen.' },
      fr: {
        name: 'Jeu de barreaux d’agitation magnétiques',
        description: 'Cinq barreaux revêtus de PTFE en trois tailles.',
      },
    },
    name: 'Magnetic stir bar set',
    description: 'Five PTFE-coated stir bars in three sizes.',
    priceGbp: 2500,
    priceEur: 2900,
    ...{ commodityCode: '39269097', originCountry: 'GB', netWeightGrams: 40, grossWeightGrams: 80 },
  },
  {
    accessoryId: 'quick-start-card',
    translations: {
      de: {
        name: 'Gedruckte Kurzanleitung',
        description: 'Eine laminierte Karte für den Labortisch mit den fünf Schritten.',
      },
      fr: {
        name: 'Fiche de démarrage rapide imprimée',
        description: 'Une fiche plastifiée pour la paillasse, avec les cinq étapes.',
      },
    },
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
    translations: {
      de: { name: 'Standard-ART-Adapter', description: 'Passt auf sterile Standard-ART-Röhrchen und -Schalen.' },
      fr: { name: 'Adaptateur ART standard', description: 'S’adapte aux tubes et boîtes ART stériles standard.' },
    },
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
    translations: {
      de: { name: 'Luer-Lock-Adapter', description: 'Für Luer-Lock-Spritzen und -Kanülen.' },
      fr: { name: 'Adaptateur Luer-lock', description: 'Pour seringues et aiguilles Luer-lock.' },
    },
    name: 'Luer-lock adaptor',
    description: 'For Luer-lock syringes and needles.',
    priceGbp: 3500,
    priceEur: 4100,
    ...part(30, 60),
  },
  {
    adaptorId: 'wide-neck-adaptor',
    translations: {
      de: { name: 'Adapter für Weithalsröhrchen', description: 'Für konische 50-mL-Röhrchen und Weithalsflaschen.' },
      fr: {
        name: 'Adaptateur pour tubes à col large',
        description: 'Pour tubes coniques de 50 mL et flacons à col large.',
      },
    },
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
    translations: {
      de: { name: '3-mL-Spritzenhalter', description: 'Immer enthalten.' },
      fr: { name: 'Support de seringue 3 mL', description: 'Toujours inclus.' },
    },
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
    translations: {
      de: { name: '6-mL-Spritzenhalter', description: 'Für Volumen bis 6 mL.' },
      fr: { name: 'Support de seringue 6 mL', description: 'Pour des volumes jusqu’à 6 mL.' },
    },
    name: '6 mL syringe mount',
    description: 'For volumes up to 6 mL.',
    priceGbp: 6000,
    priceEur: 7000,
    ...part(60, 90),
  },
];

export const seedPowerAdaptors = [
  {
    powerAdaptorId: 'uk-power',
    name: 'UK plug (Type G)',
    region: 'UK',
    priceGbp: 0,
    priceEur: 0,
    ...powerCord,
    translations: { de: { name: 'Stecker UK (Typ G)' }, fr: { name: 'Fiche UK (type G)' } },
  },
  {
    powerAdaptorId: 'eu-power',
    name: 'EU plug (Type C/F)',
    region: 'EU',
    priceGbp: 0,
    priceEur: 0,
    ...powerCord,
    translations: { de: { name: 'Stecker EU (Typ C/F)' }, fr: { name: 'Fiche UE (type C/F)' } },
  },
  {
    powerAdaptorId: 'us-power',
    name: 'US plug (Type A/B)',
    region: 'US',
    priceGbp: 0,
    priceEur: 0,
    ...powerCord,
    translations: { de: { name: 'Stecker US (Typ A/B)' }, fr: { name: 'Fiche US (type A/B)' } },
  },
];

export const seedShippingOptions = [
  {
    shippingId: 'fedex-priority',
    translations: {
      de: {
        name: 'FedEx International Priority',
        description: 'Mit Sendungsverfolgung und versichert, 1–3 Werktage ab Versand.',
      },
      fr: {
        name: 'FedEx International Priority',
        description: 'Suivi et assuré, 1 à 3 jours ouvrés à compter de l’expédition.',
      },
    },
    name: 'FedEx International Priority',
    description: 'Tracked and insured, 1-3 working days from dispatch.',
    priceGbp: 9500,
    priceEur: 11000,
    countries: null,
  },
  // Domestic: offered (and the default once a buyer picks the United Kingdom) for UK delivery only.
  {
    shippingId: 'uk-tracked-next-day',
    translations: {
      de: {
        name: 'Kurier mit Sendungsverfolgung, nächster Werktag (nur Vereinigtes Königreich)',
        description:
          'Mit Sendungsverfolgung und versichert, am nächsten Werktag nach Versand, Zustellung gegen Unterschrift. Nur Adressen im Vereinigten Königreich.',
      },
      fr: {
        name: 'Coursier suivi, livraison le lendemain (Royaume-Uni)',
        description:
          'Suivi et assuré, le jour ouvré suivant l’expédition, remise contre signature. Adresses au Royaume-Uni uniquement.',
      },
    },
    name: 'UK tracked next-day courier',
    description: 'Tracked and insured, next working day from dispatch, signature on delivery. UK addresses only.',
    priceGbp: 3500,
    priceEur: 4100,
    countries: ['GB'],
  },
  {
    shippingId: 'collection',
    // {town}: the business profile's trading town, filled in as the catalogue is read (issue 38), in each language.
    translations: {
      de: { name: 'Abholung in {town}', description: 'Abholung in unserem Büro in {town} nach Terminvereinbarung.' },
      fr: { name: 'Retrait à {town}', description: 'Retrait dans nos locaux de {town}, sur rendez-vous.' },
    },
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
    translations: {
      de: { name: '3 Jahre Wartung', description: 'Jährliche Wartungsbesuche und 3 Jahre Garantie.' },
      fr: { name: 'Entretien 3 ans', description: 'Visites d’entretien annuelles et garantie de 3 ans.' },
    },
    name: '3-year servicing',
    description: 'Yearly service visits and a 3-year warranty.',
    priceGbp: 108375,
    priceEur: 126990,
    discountPercentage: 15,
    warrantyYears: 3,
  },
  {
    servicingId: '2-year',
    translations: {
      de: { name: '2 Jahre Wartung', description: 'Jährliche Wartungsbesuche und 2 Jahre Garantie.' },
      fr: { name: 'Entretien 2 ans', description: 'Visites d’entretien annuelles et garantie de 2 ans.' },
    },
    name: '2-year servicing',
    description: 'Yearly service visits and a 2-year warranty.',
    priceGbp: 76500,
    priceEur: 89640,
    discountPercentage: 10,
    warrantyYears: 2,
  },
  {
    servicingId: '1-year',
    translations: {
      de: { name: '1 Jahr Wartung', description: 'Ein Wartungsbesuch und 1 Jahr Garantie.' },
      fr: { name: 'Entretien 1 an', description: 'Une visite d’entretien et garantie d’un an.' },
    },
    name: '1-year servicing',
    description: 'One service visit and a 1-year warranty.',
    priceGbp: 42500,
    priceEur: 49800,
    discountPercentage: null,
    warrantyYears: 1,
  },
  {
    servicingId: 'none',
    translations: {
      de: {
        name: 'Keine Wartung',
        description: 'Wartung kann später für 425 £ pro Jahr erworben werden. Standardgarantie 1 Jahr.',
      },
      fr: {
        name: 'Sans entretien',
        description: 'L’entretien peut être acheté plus tard pour 425 £ par an. Garantie standard d’un an.',
      },
    },
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
