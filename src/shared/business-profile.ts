/**
 * The company's own details, edited in the admin (/admin/business-profile) and stored in the
 * database: every page, document and e-mail reads them from there. `exampleBusinessProfile` is
 * what a new shop starts with; while any of its placeholder values is still in place the profile
 * counts as the example (`setupChecklist`), and a production start takes no orders.
 *
 * Kept free of zod: the storefront's footer reads this module, and the home page's JS budget is
 * nearly used. The validation lives in src/shared/business-profile-schemas.ts.
 */

export interface ProfileAddress {
  /** Street lines, one per line. */
  street: string;
  city: string;
  postalCode: string;
  region: string;
  /** The country's name as printed. */
  country: string;
  countryCode: string;
}

/** Everything but the bank accounts: public (footer, contact page, structured data, documents). */
export interface PublicBusinessProfile {
  legalName: string;
  tradingName: string;
  companyNumber: string;
  registeredIn: string;
  vatNumber: string;
  /**
   * The company's GB EORI number (GB and 12 digits): the exporter's reference on the commercial
   * invoice and its statement on origin (issue 37).
   */
  eoriNumber: string;
  registeredAddress: ProfileAddress;
  tradingAddress: ProfileAddress;
  phone: string;
  salesEmail: string;
  supportEmail: string;
  privacyEmail: string;
  officeHours: string;
  /** The named place of the delivery terms (DDP for the UK, DAP for the EU). */
  deliveryPlace: string;
  signatoryName: string;
  signatoryTitle: string;
  /** The year the company was founded, as printed on the About page and in the footer ("2023"). */
  foundedYear: string;
  /** The office's map position in decimal degrees ("54.0516", "-2.7737"); both empty: no map on the contact page. */
  mapLatitude: string;
  mapLongitude: string;
}

/**
 * Issue 51: a trader in Northern Ireland is registered with an XI VAT number (the Windsor Framework):
 * its goods dispatched to the EU go in box 8 of the VAT return. A trader in Great Britain (GB) enters 0.
 */
export const tradesFromNorthernIreland = (profile: Pick<PublicBusinessProfile, 'vatNumber'>) =>
  /^XI/i.test(profile.vatNumber.replace(/[\s.-]/g, ''));

/**
 * The mailboxes the shop's own e-mail uses: the sender of every message (a deployment's
 * `MAIL_FROM`, where set, wins) and where staff alerts (new orders) go. Not public: kept out of
 * the pages' profile data.
 */
export interface ProfileMail {
  senderName: string;
  senderEmail: string;
  alertEmail: string;
}

export interface GbpBankAccount {
  accountName: string;
  bankName: string;
  sortCode: string;
  accountNumber: string;
}

export interface EurBankAccount {
  accountName: string;
  bankName: string;
  iban: string;
  bic: string;
}

/** One account per invoice currency: a buyer pays in the invoice's currency into that currency's account. */
export interface BankAccounts {
  GBP: GbpBankAccount;
  EUR: EurBankAccount;
}

export interface BusinessProfile extends PublicBusinessProfile {
  mail: ProfileMail;
  bank: BankAccounts;
}

const exampleAddress: ProfileAddress = {
  street: 'Unit 4, Lancaster Science Park, Caton Road',
  city: 'Lancaster',
  postalCode: 'LA1 3PE',
  region: 'Lancashire',
  country: 'United Kingdom',
  countryCode: 'GB',
};

/** The seeded profile: EXAMPLE VALUES, to be replaced in the admin before the shop takes orders. */
export const exampleBusinessProfile: BusinessProfile = {
  legalName: 'Dropwise Labs Ltd',
  tradingName: 'Dropwise Labs',
  companyNumber: '00000000',
  registeredIn: 'England and Wales',
  vatNumber: 'GB000000000',
  eoriNumber: 'GB000000000000',
  registeredAddress: exampleAddress,
  tradingAddress: exampleAddress,
  phone: '+44 1524 000000',
  salesEmail: 'sales@dropwise-labs.example',
  supportEmail: 'support@dropwise-labs.example',
  privacyEmail: 'privacy@dropwise-labs.example',
  officeHours: 'Mon-Fri 9:00-17:00 GMT',
  deliveryPlace: 'the delivery address on the order confirmation',
  signatoryName: 'Example Signatory',
  signatoryTitle: 'Director',
  foundedYear: '2023',
  mapLatitude: '54.0516',
  mapLongitude: '-2.7737',
  mail: {
    senderName: 'Dropwise Labs',
    senderEmail: 'no-reply@dropwise-labs.example',
    alertEmail: 'orders@dropwise-labs.example',
  },
  bank: {
    GBP: {
      accountName: 'Dropwise Labs Ltd',
      bankName: 'Example Bank plc',
      sortCode: '00-00-00',
      accountNumber: '00000000',
    },
    EUR: {
      accountName: 'Dropwise Labs Ltd',
      bankName: 'Example Bank plc',
      iban: 'GB00 EXMP 0000 0000 0000 00',
      bic: 'EXMPGB2L',
    },
  },
};

export const publicProfileOf = (profile: BusinessProfile): PublicBusinessProfile => {
  const { bank: _bank, mail: _mail, ...rest } = profile;
  return rest;
};

/**
 * An address at a domain reserved for examples (RFC 2606: `.example`, example.com, example.org,
 * example.net and their subdomains): mail sent from or to it never reaches anyone. Takes a bare
 * address or a `Name <address>` sender.
 */
export function isExampleAddress(address: string): boolean {
  const bare = /<([^<>]*)>\s*$/.exec(address)?.[1] ?? address;
  const domain = (bare.split('@').pop() ?? '').trim().toLowerCase().replace(/\.$/, '');
  return /(^|\.)example$/.test(domain) || /(^|\.)example\.(com|org|net)$/.test(domain);
}

/** What the deployment sets that the checklist reads: `MAIL_FROM` wins over the profile's sender. */
export interface SetupDeployment {
  mailFrom?: string | undefined;
  /**
   * Whether at least one batch open to orders is dated in the future (issue 38): given, the checklist
   * asks for one. Left out, the item is not listed (the profile alone decides whether ordering opens).
   */
  batchDatedAhead?: boolean | undefined;
  /**
   * Issue 51: whether the settings hold the legislation the declaration of conformity names (UKCA or
   * CE), and whether every model has its software version (each test certificate records it). Given,
   * the checklist asks for them before the first shipment; left out, they are not listed.
   */
  conformityReady?: boolean | undefined;
  softwareVersionsSet?: boolean | undefined;
}

/** The sender of the shop's e-mail: the deployment's `MAIL_FROM` where set, else the profile's name and address. */
export function mailSenderOf(profile: Pick<BusinessProfile, 'mail'>, deployment: SetupDeployment = {}) {
  if (deployment.mailFrom) return deployment.mailFrom;
  return { name: profile.mail.senderName, address: profile.mail.senderEmail };
}

export interface SetupItem {
  key:
    | 'registration'
    | 'contact'
    | 'mailSender'
    | 'alertMailbox'
    | 'gbpAccount'
    | 'eurAccount'
    | 'signatory'
    | 'futureBatch'
    | 'conformity'
    | 'softwareVersion';
  label: string;
  done: boolean;
}

/** What is still the example: the admin dashboard's set-up checklist. */
export function setupChecklist(profile: BusinessProfile, deployment: SetupDeployment = {}): SetupItem[] {
  const example = exampleBusinessProfile;
  const sender = mailSenderOf(profile, deployment);
  return [
    {
      key: 'registration',
      label: 'Company number and VAT number',
      done: profile.companyNumber !== example.companyNumber && profile.vatNumber !== example.vatNumber,
    },
    {
      key: 'contact',
      label: 'Phone and mailboxes',
      done:
        profile.phone !== example.phone &&
        !isExampleAddress(profile.salesEmail) &&
        !isExampleAddress(profile.supportEmail) &&
        !isExampleAddress(profile.privacyEmail),
    },
    {
      key: 'mailSender',
      label: 'E-mail sender address',
      done: !isExampleAddress(typeof sender === 'string' ? sender : sender.address),
    },
    {
      key: 'alertMailbox',
      label: 'Staff alert address (new orders)',
      done: !isExampleAddress(profile.mail.alertEmail),
    },
    {
      key: 'gbpAccount',
      label: 'GBP bank account',
      done:
        profile.bank.GBP.sortCode !== example.bank.GBP.sortCode &&
        profile.bank.GBP.accountNumber !== example.bank.GBP.accountNumber,
    },
    {
      key: 'eurAccount',
      label: 'EUR bank account',
      done: profile.bank.EUR.iban !== example.bank.EUR.iban && profile.bank.EUR.bic !== example.bank.EUR.bic,
    },
    { key: 'signatory', label: 'Signatory', done: profile.signatoryName !== example.signatoryName },
    ...(deployment.batchDatedAhead === undefined
      ? []
      : [{ key: 'futureBatch' as const, label: FUTURE_BATCH_ITEM, done: deployment.batchDatedAhead }]),
    ...(deployment.conformityReady === undefined
      ? []
      : [{ key: 'conformity' as const, label: CONFORMITY_ITEM, done: deployment.conformityReady }]),
    ...(deployment.softwareVersionsSet === undefined
      ? []
      : [{ key: 'softwareVersion' as const, label: SOFTWARE_VERSION_ITEM, done: deployment.softwareVersionsSet }]),
  ];
}

/** The checklist's batch item (issue 38). */
/** Issue 51: no declaration of conformity is drawn until its legislation is entered (Settings). */
export const CONFORMITY_ITEM =
  'Declaration of conformity: the UKCA or CE legislation, in Settings (before the first shipment)';
/** Issue 51: each test certificate records the software version the instrument shipped with (Catalogue). */
export const SOFTWARE_VERSION_ITEM = 'Software version of each model, in the catalogue (before the first shipment)';
export const FUTURE_BATCH_ITEM = 'At least one production batch dated in the future';

/** Whether the profile is still (partly) the example: the batch item is not the profile's and is left out. */
export const isExampleProfile = (profile: BusinessProfile, deployment: SetupDeployment = {}) =>
  setupChecklist(profile, { mailFrom: deployment.mailFrom }).some((item) => !item.done);

/** An address as printed lines: street, city and postcode, country. */
export const profileAddressLines = (address: ProfileAddress) =>
  [address.street, `${address.city} ${address.postalCode}`.trim(), address.country].filter((line) => line !== '');

/** "Dropwise Labs Ltd. Registered in England and Wales, company number …. VAT …." */
export const registrationLine = (profile: PublicBusinessProfile) =>
  `${profile.legalName}. Registered in ${profile.registeredIn}, company number ${profile.companyNumber}. VAT ${profile.vatNumber}.`;

/** A `tel:` link for the phone as written. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** The bank lines printed on a document for a currency (invoices, acknowledgement, quote). */
export function bankLines(bank: BankAccounts, currency: 'GBP' | 'EUR'): string[] {
  if (currency === 'EUR') {
    const account = bank.EUR;
    return [
      `Account name: ${account.accountName}`,
      `Bank: ${account.bankName}`,
      `IBAN: ${account.iban}`,
      `BIC: ${account.bic}`,
    ];
  }
  const account = bank.GBP;
  return [
    `Account name: ${account.accountName}`,
    `Bank: ${account.bankName}`,
    `Sort code: ${account.sortCode}`,
    `Account number: ${account.accountNumber}`,
  ];
}
