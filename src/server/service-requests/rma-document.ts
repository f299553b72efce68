import { type BusinessProfile, profileAddressLines } from '../../shared/business-profile';
import { documentFilename } from '../../shared/documents/document-filename';
import { localIssuer } from '../../shared/documents/document-language';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { issuerOf } from '../../shared/documents/issuer';
import { type Translator, translator } from '../../shared/i18n/translator';
import { coverLine, type NotCoveredReason } from '../../shared/service-requests/service-lifecycle';
import { type LanguageHolder, recipientLanguage } from '../accounts/recipient-language';
import { renderDocumentPdf } from '../documents/document-pdf';
import type { LoadedServiceRequest } from './service-requests';

type Loaded = LoadedServiceRequest;

/** What the RMA document reads of the request (the layout test draws it from these alone). */
export interface RmaFacts {
  request: Pick<
    Loaded['request'],
    | 'rmaNumber'
    | 'requestNumber'
    | 'createdAt'
    | 'description'
    | 'returnInstructions'
    | 'underWarranty'
    | 'notCoveredReason'
  >;
  instrument: Pick<Loaded['instrument'], 'model' | 'serialNumber'>;
  order: Pick<Loaded['order'], 'currency' | 'orderNumber'> & LanguageHolder;
}

/** The cover in the document's language: English as the request's page says it (`coverLine`), else the e-mails' words. */
const localCoverLine = (
  tr: Translator,
  request: { underWarranty: boolean; notCoveredReason?: NotCoveredReason | null },
) =>
  tr.language === 'en'
    ? coverLine(request)
    : request.notCoveredReason
      ? tr.t('mail.service.cover.notCovered', { reason: tr.t(`mail.service.reason.${request.notCoveredReason}`) })
      : request.underWarranty
        ? tr.t('mail.service.cover.under')
        : tr.t('mail.service.cover.out');

/**
 * The RMA document the customer puts in the parcel: the RMA number, the instrument, what the
 * customer wrote (drawn as text, as written) and the return instructions, with the business
 * profile's trading address to return it to. Issue 53: in the language of the instrument's order
 * (`recipientLanguage`), as the request's e-mails and the decontamination declaration; what the customer
 * wrote and the return instructions staff wrote are drawn as written.
 */
export function rmaModel({ request, instrument, order }: RmaFacts, profile: BusinessProfile): BusinessDocument {
  const tr = translator(recipientLanguage(order));
  const english = tr.language === 'en';
  const address = english
    ? profile.tradingAddress
    : { ...profile.tradingAddress, country: tr.country(profile.tradingAddress.country) };
  const rmaNumber = request.rmaNumber ?? '';
  return {
    kind: 'rma',
    language: tr.language,
    issuer: english ? issuerOf(profile) : localIssuer(tr, profile),
    title: tr.t('doc.rma.title'),
    name: tr.t('doc.rma.name', { rmaNumber }),
    currency: order.currency,
    meta: [
      [tr.t('doc.service.rmaNumber'), rmaNumber],
      [tr.t('doc.service.serviceRequest'), request.requestNumber],
      [tr.t('doc.rma.opened'), tr.date(request.createdAt)],
    ],
    parties: [
      { title: tr.t('doc.rma.returnTo'), lines: [profile.legalName, ...profileAddressLines(address)] },
      {
        title: tr.t('doc.papers.instrument'),
        lines: [
          instrument.model,
          tr.t('doc.papers.serialLine', { value: instrument.serialNumber }),
          tr.t('doc.service.orderLine', { orderNumber: order.orderNumber }),
        ],
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      { title: tr.t('doc.rma.whatHappened'), lines: request.description.split('\n') },
      { title: tr.t('doc.rma.instructions'), lines: (request.returnInstructions ?? '').split('\n') },
      { title: tr.t('doc.rma.cost'), lines: [localCoverLine(tr, request)] },
    ],
  };
}

export const rmaDocument = (loaded: RmaFacts, profile: BusinessProfile) => renderDocumentPdf(rmaModel(loaded, profile));

/** Issue 53: the file name in the document's language ("Rücksendegenehmigung-RMA2026-00001.pdf"). */
export const rmaFilename = ({
  request,
  order,
}: {
  request: Pick<LoadedServiceRequest['request'], 'rmaNumber'>;
  order: LanguageHolder;
}) => documentFilename('rma', recipientLanguage(order), { rmaNumber: request.rmaNumber ?? 'pending' });
