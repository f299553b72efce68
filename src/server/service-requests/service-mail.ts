import type { BusinessProfile } from '../../shared/business-profile';
import { coverLine, notCoveredReasonLabels } from '../../shared/service-requests/service-lifecycle';
import type { OutgoingMail } from '../mail/outbox';
import { type Translator, translator } from '../../shared/i18n/translator';
import { greeting } from '../orders/order-status-mail';
import type { LoadedServiceRequest } from './service-requests';

interface ServiceMailContext {
  loaded: LoadedServiceRequest;
  to: string;
  firstName: string | null;
  /** The customer's page of the request (with the order's key for a guest). */
  requestUrl: string;
  profile: BusinessProfile;
}

/** Every service e-mail names the support mailbox (terms §12), never the sales one (issue 41). */
export const serviceFooter = ({ profile }: { profile: BusinessProfile }) => [
  `Questions? Write to ${profile.supportEmail} or call ${profile.phone}.`,
  '',
  profile.legalName,
];
const footer = serviceFooter;

/** A service e-mail to the customer: the greeting, what it says, the request's page, then the support footer. */
function customerServiceMail(
  context: ServiceMailContext,
  mail: { kind: string; subject: string; body: string[]; links?: string[] },
): OutgoingMail {
  const text = [
    greeting(context.firstName),
    '',
    ...mail.body,
    '',
    ...(mail.links ?? []),
    `Your request: ${context.requestUrl}`,
    '',
    ...footer(context),
  ].join('\n');
  return { kind: mail.kind, to: context.to, subject: mail.subject, text };
}

/** The customer's page of a request: sign-in for an account's order, the order's key for a guest's. */
export function serviceRequestUrl(publicUrl: string, loaded: Pick<LoadedServiceRequest, 'request' | 'order'>) {
  const page = `${publicUrl}/service-requests/${encodeURIComponent(loaded.request.requestNumber)}`;
  const { order, request } = loaded;
  // A closed account's open request: the key e-mailed at closure (issue 41).
  if (order.userId === null && request.closureKey) return `${page}?key=${encodeURIComponent(request.closureKey)}`;
  return order.userId === null && order.accessKey ? `${page}?key=${encodeURIComponent(order.accessKey)}` : page;
}

/** The return is authorised: the RMA number and the return instructions, as staff wrote them. */
export function serviceAuthorisedMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  return customerServiceMail(context, {
    kind: 'service_authorised',
    subject: `Return authorised: RMA ${request.rmaNumber ?? ''} for ${request.requestNumber}`,
    body: [
      `We have authorised the return of your ${instrument.model}, serial number ${instrument.serialNumber} (service request ${request.requestNumber}).`,
      `Your RMA number: ${request.rmaNumber ?? ''}`,
      'Please write it on the parcel and on the RMA document from your request page.',
      '',
      'Return instructions:',
      ...(request.returnInstructions ?? '').split('\n').map((line) => `> ${line}`),
      '',
      coverLine(request),
    ],
  });
}

/** The instrument is on its way back. */
export function serviceReturnedMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  return customerServiceMail(context, {
    kind: 'service_returned',
    subject: `Your instrument is on its way back: ${request.requestNumber}`,
    body: [
      `Your ${instrument.model}, serial number ${instrument.serialNumber}, is on its way back to you (service request ${request.requestNumber}${request.rmaNumber ? `, RMA ${request.rmaNumber}` : ''}).`,
    ],
  });
}

/** Issue 41: a new request is acknowledged to the customer, with its number and what happens next. */
export function serviceAcknowledgementMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  return customerServiceMail(context, {
    kind: 'service_acknowledgement',
    subject: `We have your service request ${request.requestNumber}`,
    body: [
      `We have your service request ${request.requestNumber} for your ${instrument.model}, serial number ${instrument.serialNumber}.`,
      '',
      'What happens next:',
      '- Our support team reads your description and photos and replies by e-mail.',
      '- If the instrument needs to come back to us, we e-mail you an RMA number and the return instructions.',
      '- Before you send it, complete the decontamination declaration on your request page: we cannot receive an instrument without it.',
      '',
      coverLine(request),
    ],
  });
}

/** Issue 41: the same new request, to the support mailbox of the business profile, with the staff page. */
export function serviceSupportNoticeMail(input: {
  loaded: LoadedServiceRequest;
  profile: BusinessProfile;
  adminUrl: string;
}): OutgoingMail {
  const { request, instrument, order } = input.loaded;
  return {
    kind: 'service_support_notice',
    to: input.profile.supportEmail,
    subject: `New service request ${request.requestNumber} (${instrument.serialNumber})`,
    text: [
      `Service request ${request.requestNumber} was opened for ${instrument.model}, serial number ${instrument.serialNumber} (order ${order.orderNumber}).`,
      request.underWarranty
        ? 'Under warranty: covered unless inspection finds an exclusion.'
        : 'Out of warranty: a repair quote is needed.',
      '',
      'What happened, in the customer’s words:',
      ...request.description.split('\n').map((line) => `> ${line}`),
      '',
      `Open it: ${input.adminUrl}`,
    ].join('\n'),
  };
}

/** Issue 41: staff found an exclusion (terms §11); a repair quote follows. */
export function serviceNotCoveredMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  const reason = request.notCoveredReason ? notCoveredReasonLabels[request.notCoveredReason].toLowerCase() : '';
  return customerServiceMail(context, {
    kind: 'service_not_covered',
    subject: `Not covered by warranty: ${request.requestNumber}`,
    body: [
      `We have looked at service request ${request.requestNumber} for your ${instrument.model}, serial number ${instrument.serialNumber}.`,
      `The fault is not covered by the warranty (${reason}; terms §11 exclude accidental damage, misuse, wear and consumables).`,
      ...(request.notCoveredNote
        ? ['', 'What we found:', ...request.notCoveredNote.split('\n').map((l) => `> ${l}`)]
        : []),
      '',
      'We will send you a repair quote before any paid work.',
    ],
  });
}

/** Issue 41: the repair quote, with its link; its page and PDF carry the repair terms. */
export function serviceRepairQuoteMail(
  context: ServiceMailContext & { quoteNumber: string; quoteUrl: string; total: string; validUntil: string },
  tr: Translator = translator('en'),
): OutgoingMail {
  const { request, instrument } = context.loaded;
  // Issue 40: in the repair quote's language (its instrument's order's); English word for word as before.
  const text = [
    greeting(context.firstName, tr),
    '',
    tr.t('mail.repairQuote.ready', {
      number: context.quoteNumber,
      model: instrument.model,
      serial: instrument.serialNumber,
      request: request.requestNumber,
      total: context.total,
    }),
    tr.t('mail.repairQuote.valid', { date: context.validUntil }),
    '',
    tr.t('mail.repairQuote.link', { url: context.quoteUrl }),
    tr.t('mail.service.requestLink', { url: context.requestUrl }),
    '',
    tr.t('mail.service.questions', { email: context.profile.supportEmail, phone: context.profile.phone }),
    '',
    context.profile.legalName,
  ].join('\n');
  return {
    kind: 'service_repair_quote',
    to: context.to,
    subject: tr.t('mail.repairQuote.subject', { number: context.quoteNumber, request: request.requestNumber }),
    text,
  };
}

/**
 * Issue 41: the account closed with these requests open; each link opens that request's page (and
 * nothing else) until the request is closed. Deleted from the outbox once sent, like the closure e-mail.
 */
export function serviceClosureAccessMail(input: {
  to: string;
  profile: BusinessProfile;
  requests: { requestNumber: string; serialNumber: string; url: string }[];
}): OutgoingMail {
  return {
    kind: 'service_closure_access',
    to: input.to,
    subject: 'Your open service requests after closing your account',
    text: [
      greeting(null),
      '',
      'Your account is closed, but these service requests are still open. Each link below opens that request’s page, with its RMA and return instructions, until the request is closed. Keep this e-mail: the links are the only way in.',
      '',
      ...input.requests.map((r) => `- ${r.requestNumber} (serial number ${r.serialNumber}): ${r.url}`),
      '',
      ...footer(input),
    ].join('\n'),
    eraseWhenSent: true,
  };
}
