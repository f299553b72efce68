import { type BusinessProfile, profileAddressLines } from '../../shared/business-profile';
import { formatUkDate } from '../../shared/dates';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { issuerOf } from '../../shared/documents/issuer';
import { coverLine } from '../../shared/service-requests/service-lifecycle';
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
  order: Pick<Loaded['order'], 'currency' | 'orderNumber'>;
}

/**
 * The RMA document the customer puts in the parcel: the RMA number, the instrument, what the
 * customer wrote (drawn as text, as written) and the return instructions, with the business
 * profile's trading address to return it to.
 */
export function rmaModel({ request, instrument, order }: RmaFacts, profile: BusinessProfile): BusinessDocument {
  return {
    kind: 'rma',
    issuer: issuerOf(profile),
    title: 'RETURN AUTHORISATION',
    name: `RMA ${request.rmaNumber ?? ''}`,
    currency: order.currency,
    meta: [
      ['RMA number', request.rmaNumber ?? ''],
      ['Service request', request.requestNumber],
      ['Opened', formatUkDate(request.createdAt)],
    ],
    parties: [
      { title: 'Return to', lines: [profile.legalName, ...profileAddressLines(profile.tradingAddress)] },
      {
        title: 'Instrument',
        lines: [instrument.model, `Serial number: ${instrument.serialNumber}`, `Order: ${order.orderNumber}`],
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      { title: 'What happened', lines: request.description.split('\n') },
      { title: 'Return instructions', lines: (request.returnInstructions ?? '').split('\n') },
      {
        title: 'Cost',
        lines: [coverLine(request)],
      },
    ],
  };
}

export const rmaDocument = (loaded: RmaFacts, profile: BusinessProfile) => renderDocumentPdf(rmaModel(loaded, profile));

export const rmaFilename = (request: Pick<LoadedServiceRequest['request'], 'rmaNumber'>) =>
  `RMA-${request.rmaNumber ?? 'pending'}.pdf`;
