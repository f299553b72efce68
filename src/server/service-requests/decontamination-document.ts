import { type BusinessProfile, profileAddressLines } from '../../shared/business-profile';
import { formatUkDate } from '../../shared/dates';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { issuerOf } from '../../shared/documents/issuer';
import { declarationStatement } from '../../shared/service-requests/service-lifecycle';
import type { decontaminationDeclarations } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import type { Db } from '../db/client';
import { declarationOf, type LoadedServiceRequest } from './service-requests';

type DeclarationRow = typeof decontaminationDeclarations.$inferSelect;

/**
 * Issue 41: the decontamination declaration that travels with the instrument: the request, the
 * instrument, what it handled and how it was cleaned (the customer's words, drawn as text), and the
 * signature (a typed name and the date given).
 */
export function decontaminationModel(
  {
    request,
    instrument,
    order,
  }: {
    request: Pick<LoadedServiceRequest['request'], 'requestNumber' | 'rmaNumber'>;
    instrument: Pick<LoadedServiceRequest['instrument'], 'model' | 'serialNumber'>;
    order: Pick<LoadedServiceRequest['order'], 'currency' | 'orderNumber'>;
  },
  declaration: Pick<DeclarationRow, 'signedOn' | 'substances' | 'cleaningMethod' | 'signatoryName' | 'createdAt'>,
  profile: BusinessProfile,
): BusinessDocument {
  return {
    kind: 'decontamination_declaration',
    issuer: issuerOf(profile),
    title: 'DECONTAMINATION DECLARATION',
    name: `Decontamination declaration ${request.requestNumber}`,
    currency: order.currency,
    meta: [
      ['Service request', request.requestNumber],
      ...(request.rmaNumber ? ([['RMA number', request.rmaNumber]] as [string, string][]) : []),
      ['Signed on', formatUkDate(declaration.signedOn)],
    ],
    parties: [
      {
        title: 'Instrument',
        lines: [instrument.model, `Serial number: ${instrument.serialNumber}`, `Order: ${order.orderNumber}`],
      },
      { title: 'Return to', lines: [profile.legalName, ...profileAddressLines(profile.tradingAddress)] },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      { title: 'Substances the instrument handled', lines: declaration.substances.split('\n') },
      { title: 'Cleaning and decontamination method', lines: declaration.cleaningMethod.split('\n') },
      {
        title: 'Declaration',
        lines: [
          declarationStatement,
          `Signed: ${declaration.signatoryName} (typed name, confirmed on the request page)`,
          `Date: ${formatUkDate(declaration.signedOn)}`,
          `Recorded: ${formatUkDate(declaration.createdAt)}`,
        ],
      },
      { title: 'Please', lines: ['Put a copy of this declaration in the parcel, outside the instrument’s packaging.'] },
    ],
  };
}

export const decontaminationDocument = (
  loaded: LoadedServiceRequest,
  declaration: DeclarationRow,
  profile: BusinessProfile,
) => renderDocumentPdf(decontaminationModel(loaded, declaration, profile));

export const decontaminationFilename = (request: Pick<LoadedServiceRequest['request'], 'requestNumber'>) =>
  `Decontamination-${request.requestNumber}.pdf`;

/** Issue 41: the request's decontamination declaration as a PDF once signed (null before); it travels with the instrument. */
export async function decontaminationPdf(db: Db, loaded: LoadedServiceRequest, profile: BusinessProfile) {
  const declaration = await declarationOf(db, loaded.request.id);
  return declaration ? decontaminationDocument(loaded, declaration, profile) : null;
}
