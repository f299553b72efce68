/**
 * The company's public details, in one place: footer, contact page, e-mails, quote PDF and
 * structured data all read them from here.
 *
 * EXAMPLE VALUES: the phone number, mailboxes, address and registration numbers below are
 * placeholders until the company supplies its real details. Change them here and nowhere else.
 */
export const company = {
  name: 'Dropwise Labs',
  legalName: 'Dropwise Labs Ltd',
  productName: 'Dropwise',
  tagline: 'Sterile, controlled-rate, drop-wise addition of media, hands-free.',
  siteUrl: 'https://www.dropwise-labs.example',
  founded: 2023,
  phone: '+44 1524 000000',
  phoneHref: 'tel:+441524000000',
  salesEmail: 'sales@dropwise-labs.example',
  supportEmail: 'support@dropwise-labs.example',
  privacyEmail: 'privacy@dropwise-labs.example',
  address: {
    street: 'Unit 4, Lancaster Science Park, Caton Road',
    city: 'Lancaster',
    postalCode: 'LA1 3PE',
    region: 'Lancashire',
    country: 'United Kingdom',
    countryCode: 'GB',
  },
  registration: {
    companyNumber: '00000000',
    registeredIn: 'England and Wales',
    vatNumber: 'GB000000000',
  },
  /** Where invoices are paid (EXAMPLE VALUES, marked as such on every invoice until replaced). */
  bank: {
    example: true,
    accountName: 'Dropwise Labs Ltd',
    bankName: 'Example Bank plc',
    sortCode: '00-00-00',
    accountNumber: '00000000',
    iban: 'GB00 EXMP 0000 0000 0000 00',
    bic: 'EXMPGB2L',
  },
  officeHours: 'Mon-Fri 9:00-17:00 GMT',
  responseTime: 'within 24 hours',
  /** Open map of the office, embedded on the contact page. */
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=-2.7837%2C54.0466%2C-2.7637%2C54.0566&layer=mapnik&marker=54.0516%2C-2.7737',
  mapLinkUrl: 'https://www.openstreetmap.org/?mlat=54.0516&mlon=-2.7737#map=16/54.0516/-2.7737',
  startingPrice: { GBP: 285000, EUR: 334000 },
  /**
   * Video sources. Empty until the company provides them: pages then show the posters only.
   * `embedUrl` is an embeddable player URL (for example a youtube-nocookie.com embed).
   */
  videos: {
    heroLoopUrl: '',
    manualAdditionUrl: '',
    automatedAdditionUrl: '',
    embedUrl: '',
  },
} as const;

export const companyAddressLines = [
  company.address.street,
  `${company.address.city} ${company.address.postalCode}`,
  company.address.country,
];

export const companyRegistrationLine = `${company.legalName}. Registered in ${company.registration.registeredIn}, company number ${company.registration.companyNumber}. VAT ${company.registration.vatNumber}.`;
