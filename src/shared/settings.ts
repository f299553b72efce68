import { z } from 'zod';
import { defaultPaymentReminderTexts, paymentReminderText } from './orders/payment-reminders';

/**
 * System settings (accounts-and-admin spec, section 3), stored on the server and in force.
 * Defaults are the form's proposed defaults, except Auto Quote Expiry: 7 days, the storefront's
 * quote-validity rule (see docs/decisions/0001-quote-validity.md).
 */
/** A carrier the shop ships with: the shipping e-mail links `trackingUrl` with {tracking} replaced by the number. */
export const carrierSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().trim().min(1).max(80),
  trackingUrl: z
    .string()
    .trim()
    .max(300)
    .regex(/^https:\/\/[^\s]*\{tracking\}[^\s]*$/, { error: 'Use an https address containing {tracking}' }),
});
export type Carrier = z.infer<typeof carrierSchema>;

export const systemSettingsSchema = z.object({
  siteName: z.string().max(200),
  siteDescription: z.string().max(1000),
  maintenanceMode: z.boolean(),
  allowRegistration: z.boolean(),
  emailNotifications: z.boolean(),
  defaultCurrency: z.string().max(3),
  taxRate: z.number().min(0).max(100),
  shippingCalculationMethod: z.string().max(50),
  orderNumberPrefix: z.string().max(10),
  quoteNumberPrefix: z.string().max(10),
  autoQuoteExpiry: z.number().int().min(0).max(3650),
  defaultProductWarranty: z.number().int().min(0).max(600),
  /** Step-up before recording payments or issuing invoices accepts only a passkey (issue 24; off by default). */
  requirePasskeyForPayments: z.boolean(),
  /** The carriers staff choose from when shipping (issue 28). */
  carriers: z.array(carrierSchema).max(20),
  /** The storefront shows "N places left" on a batch only when this many or fewer remain (issue 26). */
  batchFewPlacesThreshold: z.number().int().min(0).max(1000),
  /** Days a placed order holds its batch places before staff confirm it; then the hold lapses (issue 38). */
  batchHoldDays: z.number().int().min(1).max(365),
  /** Days before a warranty or service plan ends that the customer is e-mailed a renewal (issue 26). */
  coverReminderDays: z.number().int().min(1).max(365),
  /**
   * Issue 34: a repair quote's net price above this (whole pounds, or euros on a euro order: the same
   * number, no exchange rate) needs a staff member with `payments.record` (Finance, Owner).
   */
  repairQuoteApprovalThreshold: z.number().int().min(0).max(100_000),
  /**
   * Issue 36: the payment reminder's subject and body before or on the due date, and once overdue,
   * with placeholders such as {invoiceNumber} (src/shared/orders/payment-reminders.ts; decision 0052).
   */
  paymentReminderDueSubject: paymentReminderText(200),
  paymentReminderDueBody: paymentReminderText(5000),
  paymentReminderOverdueSubject: paymentReminderText(200),
  paymentReminderOverdueBody: paymentReminderText(5000),
  /**
   * Issue 51: the hour (0–23, London time) from which the day's payment reminders go: after the
   * morning's bank statement is in and its receipts keyed, so a payer who has paid is not reminded.
   */
  paymentReminderHour: z.number().int().min(0).max(23),
  /**
   * Issue 41 (decision 0059): the factory test's acceptance limits at dispatch. Rate accuracy within
   * ± this percentage; volume delivered within ± `factoryTestVolumeLimitPercent` of the nominal volume.
   */
  factoryTestRateLimitPercent: z.number().positive().max(100),
  factoryTestNominalVolumeMl: z.number().positive().max(10_000),
  factoryTestVolumeLimitPercent: z.number().positive().max(100),
  /**
   * Issue 41: the declaration of conformity's legislation (UKCA: UK regulations; CE: EU directives or
   * regulations) and the standards applied, one per line as staff enter them. Empty until staff
   * enter them: no declaration is issued before.
   */
  conformityUkcaLegislation: z.array(z.string().trim().min(1).max(300)).max(30),
  conformityCeLegislation: z.array(z.string().trim().min(1).max(300)).max(30),
  conformityStandards: z.array(z.string().trim().min(1).max(300)).max(30),
  /**
   * Issue 39 (decision 0065): an order made from a quote is refused until the quote is accepted
   * (name, job title, organisation, e-mail, signature). Shop-wide; off by default. Step-up to change.
   */
  ordersRequireAcceptedQuote: z.boolean(),
  /**
   * Issue 39: the single-supplier statement's reasons, one per line: what makes the instrument the
   * only one that meets the need. Printed on the letterhead, naming the quote, signed by the signatory.
   */
  singleSupplierReasons: z.array(z.string().trim().min(1).max(500)).min(1).max(20),
  /**
   * Issue 53: the same reasons in German and French, for the statement of a German or French quote.
   * Empty: that language's statement lists the English reasons (the admin says so).
   */
  singleSupplierReasonsDe: z.array(z.string().trim().min(1).max(500)).max(20),
  singleSupplierReasonsFr: z.array(z.string().trim().min(1).max(500)).max(20),
  /**
   * Issue 39: every order needs the buyer's purchase-order number ("no PO, no pay"): the order flow
   * says so before its last step and the server refuses an order without one. Off by default.
   */
  requirePoNumber: z.boolean(),
});

export type SystemSettings = z.infer<typeof systemSettingsSchema>;

export const defaultSystemSettings: SystemSettings = {
  siteName: 'Dropwise',
  siteDescription: 'Sterile, controlled-rate, drop-wise addition of media for the laboratory bench.',
  maintenanceMode: false,
  allowRegistration: true,
  emailNotifications: true,
  defaultCurrency: 'GBP',
  taxRate: 20,
  shippingCalculationMethod: 'weight',
  orderNumberPrefix: 'O',
  quoteNumberPrefix: 'Q',
  autoQuoteExpiry: 7,
  defaultProductWarranty: 12,
  requirePasskeyForPayments: false,
  batchFewPlacesThreshold: 5,
  batchHoldDays: 14,
  coverReminderDays: 60,
  repairQuoteApprovalThreshold: 2000,
  ...defaultPaymentReminderTexts,
  paymentReminderHour: 10,
  factoryTestRateLimitPercent: 2,
  factoryTestNominalVolumeMl: 10,
  factoryTestVolumeLimitPercent: 1,
  conformityUkcaLegislation: [],
  conformityCeLegislation: [],
  conformityStandards: [],
  ordersRequireAcceptedQuote: false,
  // Only what the shop's own description says of the instrument and what every sole manufacturer can
  // say; staff add the technical reasons their buyers' rules ask for.
  singleSupplierReasons: [
    'It adds media to samples drop by drop, sterile, at a controlled rate, with mixing, in one benchtop instrument.',
    'We design and make it; no distributor or other manufacturer sells it, and only we supply its servicing, consumables and spare parts.',
    'Every unit passes a factory test of its rate and volume accuracy before dispatch, and its test certificate ships with it.',
  ],
  singleSupplierReasonsDe: [
    'Es gibt Medien tropfenweise, steril und mit kontrollierter Rate zu Proben und mischt sie, in einem einzigen Tischgerät.',
    'Wir entwickeln und fertigen es selbst; kein Händler und kein anderer Hersteller vertreibt es, und nur wir liefern Wartung, Verbrauchsmaterial und Ersatzteile dafür.',
    'Jedes Gerät besteht vor dem Versand eine Werksprüfung der Genauigkeit von Förderrate und Volumen, und sein Werksprüfzeugnis liegt ihm bei.',
  ],
  singleSupplierReasonsFr: [
    'Il ajoute des milieux aux échantillons goutte à goutte, de façon stérile, à débit contrôlé et avec agitation, en un seul instrument de paillasse.',
    'Nous le concevons et le fabriquons ; aucun distributeur ni autre fabricant ne le vend, et nous seuls en assurons l’entretien, les consommables et les pièces détachées.',
    'Chaque appareil réussit avant expédition un essai en usine de la précision de son débit et de son volume, et son certificat d’essai l’accompagne.',
  ],
  requirePoNumber: false,
  carriers: [
    {
      id: 'dhl',
      name: 'DHL Express',
      trackingUrl: 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id={tracking}',
    },
    { id: 'ups', name: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum={tracking}' },
    { id: 'fedex', name: 'FedEx', trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
    {
      id: 'royal-mail',
      name: 'Royal Mail',
      trackingUrl: 'https://www.royalmail.com/track-your-item#/tracking-results/{tracking}',
    },
  ],
};
