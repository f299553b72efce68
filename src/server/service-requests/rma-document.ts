import { type BusinessProfile, profileAddressLines } from '../../shared/business-profile';
import { formatUkDate } from '../../shared/dates';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { issuerOf } from '../../shared/documents/issuer';
import { coverLine } from '../../shared/service-requests/service-lifecycle';
import { renderDocumentPdf } from '../documents/document-pdf';
import type { LoadedServiceRequest } from './service-requests';

/**
 * The RMA document the customer puts in the parcel: the RMA number, the instrument, what the
 * customer wrote (drawn as text, as written) and the return instructions, with the business
 * profile's trading address to return it to.
 */
export function rmaDocument({ request, instrument, order }: LoadedServiceRequest, profile: BusinessProfile) {
  const model: BusinessDocument = {
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
  return renderDocumentPdf(model);
}

export const rmaFilename = (request: Pick<LoadedServiceRequest['request'], 'rmaNumber'>) =>
  `RMA-${request.rmaNumber ?? 'pending'}.pdf`;
