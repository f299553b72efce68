import { type BankAccounts, bankLines, type PublicBusinessProfile, profileAddressLines } from '../business-profile';
import type { Language } from '../i18n/languages';
import { type Translator, translator } from '../i18n/translator';
import { localBankLines, localIssuer } from './document-language';
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

export const supplierPackLabels = {
  title: 'SUPPLIER DETAILS',
  version: 'Pack version',
  telephoneWarning: (phone: string) =>
    `Our bank details change only with a new version of this pack. Before you pay into an account that differs from the one you hold for us, telephone us on ${phone} to confirm it: never rely on an e-mail or a letter alone.`,
} as const;

/** A certificate's kind as the reader reads it ("ISO 9001 certificate", "ISO-9001-Zertifikat"); the pack's e-mail too. */
export const certificateKindLabel = (tr: Translator, kind: CertificateKind) =>
  tr.language === 'en' ? certificateKindLabels[kind] : tr.t(`doc.supplierPack.kind.${kind}`);

export function supplierPackDocument(facts: SupplierPackFacts, language: Language = 'en'): BusinessDocument {
  const { profile, bank } = facts;
  // Issue 40: the letter in the reader's language (`?language=` on its download); English as it always was.
  const tr = translator(language);
  const date = tr.date(facts.date);
  const kindLabel = (kind: CertificateKind) => certificateKindLabel(tr, kind);
  const bankIn = (currency: 'GBP' | 'EUR') =>
    tr.language === 'en' ? bankLines(bank, currency) : localBankLines(tr, bank, currency);
  const certificates =
    facts.certificates.length === 0
      ? [tr.t('doc.supplierPack.noCertificates')]
      : [
          // The certificate's title is staff text, printed as written.
          ...facts.certificates.map((certificate) =>
            tr.t('doc.supplierPack.certificate', {
              kind: kindLabel(certificate.kind),
              title: certificate.title,
              date: tr.date(certificate.expiresOn),
              status: certificate.pages
                ? certificate.pages[0] === certificate.pages[1]
                  ? tr.t('doc.supplierPack.enclosedPage', { first: certificate.pages[0] })
                  : tr.t('doc.supplierPack.enclosedPages', { first: certificate.pages[0], last: certificate.pages[1] })
                : tr.t('doc.supplierPack.onRequest'),
            }),
          ),
          facts.certificates.some((certificate) => certificate.pages)
            ? tr.t('doc.supplierPack.certificatesEnclosed', { url: facts.packPageUrl })
            : tr.t('doc.supplierPack.certificatesDownload', { url: facts.packPageUrl }),
        ];
  return {
    kind: 'supplier_pack',
    language: tr.language,
    issuer: tr.language === 'en' ? issuerOf(profile) : localIssuer(tr, profile),
    title: tr.t('doc.supplierPack.title'),
    name: tr.t('doc.supplierPack.name', { version: String(facts.version) }),
    currency: 'GBP',
    meta: [
      [tr.t('doc.supplierPack.version'), String(facts.version)],
      [tr.t('doc.supplierPack.bankSince'), tr.date(facts.versionSince)],
      [tr.t('doc.meta.date'), date],
    ],
    parties: [
      {
        title: tr.t('doc.supplierPack.to'),
        lines: [tr.t('doc.supplierPack.weConfirm', { legalName: profile.legalName }), tr.t('doc.supplierPack.payOnly')],
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      {
        title: tr.t('doc.supplierPack.company'),
        lines: [
          tr.t('doc.supplierPack.legalName', { value: profile.legalName }),
          ...(profile.tradingName && profile.tradingName !== profile.legalName
            ? [tr.t('doc.supplierPack.tradingAs', { value: profile.tradingName })]
            : []),
          tr.t('doc.supplierPack.companyNumber', {
            number: profile.companyNumber,
            registeredIn: tr.place(profile.registeredIn),
          }),
          tr.t('doc.supplierPack.registeredOffice', {
            value: profileAddressLines(
              tr.language === 'en'
                ? profile.registeredAddress
                : { ...profile.registeredAddress, country: tr.country(profile.registeredAddress.country) },
            ).join(', '),
          }),
          tr.t('doc.supplierPack.vatNumber', { value: profile.vatNumber }),
          tr.t('doc.supplierPack.eoriNumber', { value: profile.eoriNumber }),
          tr.t('doc.supplierPack.telephone', { value: profile.phone }),
          tr.t('doc.supplierPack.salesEmail', { value: profile.salesEmail }),
        ],
      },
      { title: tr.t('doc.supplierPack.bankFor', { currency: 'GBP' }), lines: bankIn('GBP') },
      { title: tr.t('doc.supplierPack.bankFor', { currency: 'EUR' }), lines: bankIn('EUR') },
      {
        title: tr.t('doc.supplierPack.changeTitle'),
        lines: [
          tr.language === 'en'
            ? supplierPackLabels.telephoneWarning(profile.phone)
            : tr.t('doc.supplierPack.telephoneWarning', { phone: profile.phone }),
        ],
      },
      { title: tr.t('doc.supplierPack.certificates'), lines: certificates },
      {
        title: tr.t('doc.supplierPack.signedFor', { legalName: profile.legalName }),
        lines: [profile.signatoryName, profile.signatoryTitle, tr.t('doc.supplierPack.date', { date })],
      },
    ],
  };
}
