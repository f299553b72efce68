import type { BusinessProfile } from '../../shared/business-profile';
import { serviceMessages } from '../../shared/service-requests/service-lifecycle';
import type { OutgoingMail } from '../mail/outbox';
import { footer, greeting } from '../orders/order-status-mail';
import type { LoadedServiceRequest } from './service-requests';

interface ServiceMailContext {
  loaded: LoadedServiceRequest;
  to: string;
  firstName: string | null;
  /** The customer's page of the request (with the order's key for a guest). */
  requestUrl: string;
  profile: BusinessProfile;
}

/** The customer's page of a request: sign-in for an account's order, the order's key for a guest's. */
export function serviceRequestUrl(publicUrl: string, loaded: Pick<LoadedServiceRequest, 'request' | 'order'>) {
  const page = `${publicUrl}/service-requests/${encodeURIComponent(loaded.request.requestNumber)}`;
  const { order } = loaded;
  return order.userId === null && order.accessKey ? `${page}?key=${encodeURIComponent(order.accessKey)}` : page;
}

/** The return is authorised: the RMA number and the return instructions, as staff wrote them. */
export function serviceAuthorisedMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  const text = [
    greeting(context.firstName),
    '',
    `We have authorised the return of your ${instrument.model}, serial number ${instrument.serialNumber} (service request ${request.requestNumber}).`,
    `Your RMA number: ${request.rmaNumber ?? ''}`,
    'Please write it on the parcel and on the RMA document from your request page.',
    '',
    'Return instructions:',
    ...(request.returnInstructions ?? '').split('\n').map((line) => `> ${line}`),
    '',
    request.underWarranty ? serviceMessages.underWarranty : serviceMessages.outOfWarranty,
    '',
    `Your request: ${context.requestUrl}`,
    '',
    ...footer(context),
  ].join('\n');
  return {
    kind: 'service_authorised',
    to: context.to,
    subject: `Return authorised: RMA ${request.rmaNumber ?? ''} for ${request.requestNumber}`,
    text,
  };
}

/** The instrument is on its way back. */
export function serviceReturnedMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  const text = [
    greeting(context.firstName),
    '',
    `Your ${instrument.model}, serial number ${instrument.serialNumber}, is on its way back to you (service request ${request.requestNumber}${request.rmaNumber ? `, RMA ${request.rmaNumber}` : ''}).`,
    '',
    `Your request: ${context.requestUrl}`,
    '',
    ...footer(context),
  ].join('\n');
  return {
    kind: 'service_returned',
    to: context.to,
    subject: `Your instrument is on its way back: ${request.requestNumber}`,
    text,
  };
}
