import { type BankAccounts, bankLines, type PublicBusinessProfile, profileAddressLines } from '../business-profile';
import { formatUkDate } from '../dates';
import { type CertificateKind, certificateKindLabels } from '../supplier-pack/supplier-pack';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

/**
 * The supplier pack's letter (issue 39, decision 0067): on the letterhead, what a purchasing
 * department asks for to set the company up as a supplier (legal name, company number, registered
 * office, VAT number, EORI), the bank details for GBP and EUR, the certificates that go with it, the
 * telephone check of any bank change, and the signatory's name, title and date. Every fact is the
 * business profile's; the bank details are the version's (the pack's version changes with them).
 */
export interface SupplierPackFacts {
  profile: PublicBusinessProfile;
  bank: BankAccounts;
  version: number;
  /** When these bank details came into force (the version's first day). */
  versionSince: Date | string;
  /**
   * The certificates in force, in the order printed and enclosed: `pages` the first and last page of
   * the pack that hold it, or null when it cannot be enclosed (available on request).
   */
  certificates: { kind: CertificateKind; title: string; expiresOn: string; pages: [number, number] | null }[];
  /** The page the certificates are downloaded from (absolute URL). */
  packPageUrl: string;
  /** The letter's date (the shop's clock). */
  date: Date | string;
}

const pagesOf = ([first, last]: [number, number]) => (first === last ? `page ${first}` : `pages ${first}-${last}`);

export const supplierPackLabels = {
  enclosed: (pages: [number, number]) => `enclosed, ${pagesOf(pages)} of this pack`,
  onRequest: 'available on request',
  title: 'SUPPLIER DETAILS',
  version: 'Pack version',
  telephoneWarning: (phone: string) =>
    `Our bank details change only with a new version of this pack. Before you pay into an account that differs from the one you hold for us, telephone us on ${phone} to confirm it: never rely on an e-mail or a letter alone.`,
} as const;

export function supplierPackDocument(facts: SupplierPackFacts): BusinessDocument {
  const { profile, bank } = facts;
  const date = formatUkDate(facts.date);
  const certificates =
    facts.certificates.length === 0
      ? ['No certificates are enclosed with this version.']
      : [
          ...facts.certificates.map(
            (certificate) =>
              `${certificateKindLabels[certificate.kind]}: ${certificate.title} (valid until ${formatUkDate(certificate.expiresOn)}): ${certificate.pages ? supplierPackLabels.enclosed(certificate.pages) : supplierPackLabels.onRequest}`,
          ),
          facts.certificates.some((certificate) => certificate.pages)
            ? `The certificates enclosed follow this letter in the order listed; each is also a separate PDF at ${facts.packPageUrl}`
            : `Each certificate is a separate PDF at ${facts.packPageUrl}`,
        ];
  return {
    kind: 'supplier_pack',
    issuer: issuerOf(profile),
    title: supplierPackLabels.title,
    name: `Supplier pack version ${facts.version}`,
    currency: 'GBP',
    meta: [
      [supplierPackLabels.version, String(facts.version)],
      ['Bank details in force since', formatUkDate(facts.versionSince)],
      ['Date', date],
    ],
    parties: [
      {
        title: 'To the purchasing and accounts payable departments',
        lines: [
          `We confirm the details below for setting up ${profile.legalName} as a supplier.`,
          'Please pay only into the account for the currency of our invoice.',
        ],
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      {
        title: 'Company',
        lines: [
          `Legal name: ${profile.legalName}`,
          ...(profile.tradingName && profile.tradingName !== profile.legalName
            ? [`Trading as: ${profile.tradingName}`]
            : []),
          `Company number: ${profile.companyNumber} (registered in ${profile.registeredIn})`,
          `Registered office: ${profileAddressLines(profile.registeredAddress).join(', ')}`,
          `VAT number: ${profile.vatNumber}`,
          `EORI number: ${profile.eoriNumber}`,
          `Telephone: ${profile.phone}`,
          `Sales and orders: ${profile.salesEmail}`,
        ],
      },
      { title: 'Bank details for payments in GBP', lines: bankLines(bank, 'GBP') },
      { title: 'Bank details for payments in EUR', lines: bankLines(bank, 'EUR') },
      { title: 'Confirming a change of bank details', lines: [supplierPackLabels.telephoneWarning(profile.phone)] },
      { title: 'Certificates', lines: certificates },
      {
        title: `Signed for and on behalf of ${profile.legalName}`,
        lines: [profile.signatoryName, profile.signatoryTitle, `Date: ${date}`],
      },
    ],
  };
}
