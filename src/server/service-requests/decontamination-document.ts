import { type BusinessProfile, profileAddressLines } from '../../shared/business-profile';
import { localIssuer } from '../../shared/documents/document-language';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { issuerOf } from '../../shared/documents/issuer';
import { translator } from '../../shared/i18n/translator';
import { type LanguageHolder, recipientLanguage } from '../accounts/recipient-language';
import type { decontaminationDeclarations } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import type { Db } from '../db/client';
import { declarationOf, type LoadedServiceRequest } from './service-requests';

type DeclarationRow = typeof decontaminationDeclarations.$inferSelect;

/**
 * Issue 41: the decontamination declaration that travels with the instrument: the request, the
 * instrument, what it handled and how it was cleaned (the customer's words, drawn as text), and the
 * signature (a typed name and the date given). Issue 53: in the language of the instrument's order
 * (`recipientLanguage`), as the request's e-mails, the statement the customer signed in its words.
 */
export function decontaminationModel(
  {
    request,
    instrument,
    order,
  }: {
    request: Pick<LoadedServiceRequest['request'], 'requestNumber' | 'rmaNumber'>;
    instrument: Pick<LoadedServiceRequest['instrument'], 'model' | 'serialNumber'>;
    order: Pick<LoadedServiceRequest['order'], 'currency' | 'orderNumber'> & LanguageHolder;
  },
  declaration: Pick<DeclarationRow, 'signedOn' | 'substances' | 'cleaningMethod' | 'signatoryName' | 'createdAt'>,
  profile: BusinessProfile,
): BusinessDocument {
  const tr = translator(recipientLanguage(order));
  const english = tr.language === 'en';
  const address = english
    ? profile.tradingAddress
    : { ...profile.tradingAddress, country: tr.country(profile.tradingAddress.country) };
  return {
    kind: 'decontamination_declaration',
    language: tr.language,
    issuer: english ? issuerOf(profile) : localIssuer(tr, profile),
    title: tr.t('doc.decontamination.title'),
    name: tr.t('doc.decontamination.name', { requestNumber: request.requestNumber }),
    currency: order.currency,
    meta: [
      [tr.t('doc.decontamination.serviceRequest'), request.requestNumber],
      ...(request.rmaNumber
        ? ([[tr.t('doc.decontamination.rmaNumber'), request.rmaNumber]] as [string, string][])
        : []),
      [tr.t('doc.decontamination.signedOn'), tr.date(declaration.signedOn)],
    ],
    parties: [
      {
        title: tr.t('doc.papers.instrument'),
        lines: [
          instrument.model,
          tr.t('doc.papers.serialLine', { value: instrument.serialNumber }),
          tr.t('doc.decontamination.orderLine', { orderNumber: order.orderNumber }),
        ],
      },
      { title: tr.t('doc.decontamination.returnTo'), lines: [profile.legalName, ...profileAddressLines(address)] },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      { title: tr.t('doc.decontamination.substances'), lines: declaration.substances.split('\n') },
      { title: tr.t('doc.decontamination.cleaning'), lines: declaration.cleaningMethod.split('\n') },
      {
        title: tr.t('doc.decontamination.declaration'),
        lines: [
          tr.t('doc.decontamination.statement'),
          tr.t('doc.decontamination.signed', { name: declaration.signatoryName }),
          tr.t('doc.decontamination.date', { date: tr.date(declaration.signedOn) }),
          tr.t('doc.decontamination.recorded', { date: tr.date(declaration.createdAt) }),
        ],
      },
      { title: tr.t('doc.decontamination.please'), lines: [tr.t('doc.decontamination.copyInParcel')] },
    ],
  };
}

export const decontaminationDocument = (
  loaded: LoadedServiceRequest,
  declaration: DeclarationRow,
  profile: BusinessProfile,
) => renderDocumentPdf(decontaminationModel(loaded, declaration, profile));

/** Issue 53: the file name in the declaration's language ("Dekontaminationserklärung-SR2026-00001.pdf"). */
export const decontaminationFilename = ({
  request,
  order,
}: {
  request: Pick<LoadedServiceRequest['request'], 'requestNumber'>;
  order: LanguageHolder;
}) => translator(recipientLanguage(order)).t('doc.filename.decontamination', { requestNumber: request.requestNumber });

/** Issue 41: the request's decontamination declaration as a PDF once signed (null before); it travels with the instrument. */
export async function decontaminationPdf(db: Db, loaded: LoadedServiceRequest, profile: BusinessProfile) {
  const declaration = await declarationOf(db, loaded.request.id);
  return declaration ? decontaminationDocument(loaded, declaration, profile) : null;
}
