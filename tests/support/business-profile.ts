import { exampleBusinessProfile, publicProfileOf } from '../../src/shared/business-profile';

/** A filled-in profile (issue 23): what a company types into /admin/business-profile. */
export const realDetails = {
  ...publicProfileOf(exampleBusinessProfile),
  legalName: 'Fjordlight Instruments Ltd',
  tradingName: 'Fjordlight',
  companyNumber: '12345678',
  vatNumber: 'GB123456789',
  eoriNumber: 'GB123456789000',
  phone: '+44 161 555 0199',
  salesEmail: 'sales@fjordlight.test',
  supportEmail: 'support@fjordlight.test',
  privacyEmail: 'privacy@fjordlight.test',
  officeHours: 'Mon-Thu 8:30-16:30 UK time',
  deliveryPlace: 'the buyer’s delivery address',
  signatoryName: 'Ada Brightwater',
  signatoryTitle: 'Commercial Director',
  foundedYear: '2019',
  mapLatitude: '53.4794',
  mapLongitude: '-2.2453',
  /** The shop's own mailboxes (issue 38): not the example's, so a production shop opens ordering. */
  mail: {
    senderName: 'Fjordlight',
    senderEmail: 'no-reply@fjordlight.test',
    alertEmail: 'orders@fjordlight.test',
  },
  tradingAddress: {
    street: '7 Canal Street',
    city: 'Manchester',
    postalCode: 'M1 3HE',
    region: '',
    country: 'United Kingdom',
    countryCode: 'GB',
  },
};
export const realBank = {
  GBP: {
    accountName: 'Fjordlight Instruments Ltd',
    bankName: 'Northern Bank',
    sortCode: '20-45-77',
    accountNumber: '41234567',
  },
  EUR: {
    accountName: 'Fjordlight Instruments Ltd',
    bankName: 'Northern Bank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
};
