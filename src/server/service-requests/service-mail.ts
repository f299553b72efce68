import type { VatTreatment } from '../../shared/tax/line-vat';
import { localVatWording } from '../../shared/documents/document-language';
import { recipientLanguage } from '../accounts/recipient-language';
import type { BusinessProfile } from '../../shared/business-profile';
import type { Language } from '../../shared/i18n/languages';
import type { Translator } from '../../shared/i18n/translator';
import { translator } from '../../shared/i18n/translator';
import type { NotCoveredReason } from '../../shared/service-requests/service-lifecycle';
import type { OutgoingMail } from '../mail/outbox';
import type { Title } from '../../shared/accounts/title';
import { greeting } from '../order-records/order-status-mail';
import type { LoadedServiceRequest } from './service-requests';

interface ServiceMailContext {
  loaded: LoadedServiceRequest;
  to: string;
  /** Issue 53: the title the greeting uses with the family name. */
  title?: Title | null;
  firstName: string | null;
  lastName?: string | null;
  /** The customer's page of the request (with the order's key for a guest). */
  requestUrl: string;
  profile: BusinessProfile;
}

/** Every service e-mail names the support mailbox (terms §12), never the sales one (issue 41). */
export const serviceFooter = ({ profile }: { profile: BusinessProfile }, tr = translator('en')) => [
  tr.t('mail.questions', { email: profile.supportEmail, phone: profile.phone }),
  '',
  profile.legalName,
];
const footer = serviceFooter;

/** The cover as the customer reads it (coverLine in service-lifecycle.ts), in the e-mail's language. */
const localCoverLine = (
  tr: Translator,
  request: { underWarranty: boolean; notCoveredReason?: NotCoveredReason | null },
) =>
  request.notCoveredReason
    ? tr.t('mail.service.cover.notCovered', { reason: tr.t(`mail.service.reason.${request.notCoveredReason}`) })
    : request.underWarranty
      ? tr.t('mail.service.cover.under')
      : tr.t('mail.service.cover.out');

/** A request's e-mails are in the language of the order its instrument came from (issue 40, decision 0064). */
const requestTranslator = (context: ServiceMailContext) => translator(recipientLanguage(context.loaded.order));

/** A service e-mail to the customer: the greeting, what it says, the request's page, then the support footer. */
function customerServiceMail(
  context: ServiceMailContext,
  mail: { kind: string; subject: string; body: string[]; links?: string[] },
): OutgoingMail {
  const tr = requestTranslator(context);
  const text = [
    greeting(context, tr),
    '',
    ...mail.body,
    '',
    ...(mail.links ?? []),
    tr.t('mail.service.yourRequest', { url: context.requestUrl }),
    '',
    ...footer(context, tr),
  ].join('\n');
  return { language: tr.language, kind: mail.kind, to: context.to, subject: mail.subject, text };
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
  const tr = requestTranslator(context);
  const values = {
    rma: request.rmaNumber ?? '',
    request: request.requestNumber,
    model: instrument.model,
    serial: instrument.serialNumber,
  };
  return customerServiceMail(context, {
    kind: 'service_authorised',
    subject: tr.t('mail.service.authorised.subject', values),
    body: [
      tr.t('mail.service.authorised.body', values),
      tr.t('mail.service.authorised.rma', values),
      tr.t('mail.service.authorised.label'),
      '',
      tr.t('mail.service.authorised.instructions'),
      ...(request.returnInstructions ?? '').split('\n').map((line) => `> ${line}`),
      '',
      localCoverLine(tr, request),
    ],
  });
}

/** The instrument is on its way back. */
export function serviceReturnedMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  const tr = requestTranslator(context);
  const values = {
    rma: request.rmaNumber ?? '',
    request: request.requestNumber,
    model: instrument.model,
    serial: instrument.serialNumber,
  };
  return customerServiceMail(context, {
    kind: 'service_returned',
    subject: tr.t('mail.service.returned.subject', values),
    body: [tr.t(request.rmaNumber ? 'mail.service.returned.bodyRma' : 'mail.service.returned.body', values)],
  });
}

/** Issue 41: a new request is acknowledged to the customer, with its number and what happens next. */
export function serviceAcknowledgementMail(context: ServiceMailContext): OutgoingMail {
  const { request, instrument } = context.loaded;
  const tr = requestTranslator(context);
  const values = { request: request.requestNumber, model: instrument.model, serial: instrument.serialNumber };
  return customerServiceMail(context, {
    kind: 'service_acknowledgement',
    subject: tr.t('mail.service.ack.subject', values),
    body: [
      tr.t('mail.service.ack.body', values),
      '',
      tr.t('mail.service.ack.next'),
      tr.t('mail.service.ack.reads'),
      tr.t('mail.service.ack.rma'),
      tr.t('mail.service.ack.declaration'),
      '',
      localCoverLine(tr, request),
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
    language: 'en',
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
  const tr = requestTranslator(context);
  const reason = request.notCoveredReason ? tr.t(`mail.service.reason.${request.notCoveredReason}`) : '';
  const values = { request: request.requestNumber, model: instrument.model, serial: instrument.serialNumber, reason };
  return customerServiceMail(context, {
    kind: 'service_not_covered',
    subject: tr.t('mail.service.notCovered.subject', values),
    body: [
      tr.t('mail.service.notCovered.looked', values),
      tr.t('mail.service.notCovered.fault', values),
      ...(request.notCoveredNote
        ? ['', tr.t('mail.service.notCovered.found'), ...request.notCoveredNote.split('\n').map((l) => `> ${l}`)]
        : []),
      '',
      tr.t('mail.service.notCovered.quoteFollows'),
    ],
  });
}

/**
 * Issue 41: the repair quote, with its link; its page and PDF carry the repair terms. `total` (minor
 * units) and `validUntil` are formatted in the order's language here.
 */
export function serviceRepairQuoteMail(
  context: ServiceMailContext & {
    quoteNumber: string;
    quoteUrl: string;
    total: { amount: number; currency: string };
    /**
     * Issue 51: the quote's VAT and the treatments of its lines, so the e-mail says what its PDF says:
     * "including VAT" only when a line carries UK VAT, else the rule (the reverse charge) in its words.
     */
    vat?: { amount: number; treatments: readonly VatTreatment[] };
    validUntil: Date | string | null;
  },
): OutgoingMail {
  const { request, instrument } = context.loaded;
  const tr = requestTranslator(context);
  const values = {
    quote: context.quoteNumber,
    request: request.requestNumber,
    model: instrument.model,
    serial: instrument.serialNumber,
    total: tr.money(context.total.amount, context.total.currency),
    date: context.validUntil ? tr.date(context.validUntil) : '',
  };
  return customerServiceMail(context, {
    kind: 'service_repair_quote',
    subject: tr.t('mail.service.repairQuote.subject', values),
    body: [
      !context.vat || context.vat.amount !== 0
        ? tr.t('mail.service.repairQuote.ready', values)
        : tr.t('mail.service.repairQuote.readyNoVat', {
            ...values,
            rule: [...new Set(context.vat.treatments)]
              .filter((treatment): treatment is Exclude<VatTreatment, 'standard'> => treatment !== 'standard')
              .map((treatment) => localVatWording(tr, treatment))
              .join('; '),
          }),
      tr.t('mail.service.repairQuote.valid', values),
    ],
    links: [tr.t('mail.service.repairQuote.link', { url: context.quoteUrl })],
  });
}

/**
 * Issue 41: the account closed with these requests open; each link opens that request's page (and
 * nothing else) until the request is closed. Deleted from the outbox once sent, like the closure e-mail.
 * In `language`, the customer's most recent order's (issue 40): the requests may come from several orders.
 */
export function serviceClosureAccessMail(input: {
  to: string;
  profile: BusinessProfile;
  requests: { requestNumber: string; serialNumber: string; url: string }[];
  language: Language;
}): OutgoingMail {
  const tr = translator(input.language);
  return {
    kind: 'service_closure_access',
    language: tr.language,
    to: input.to,
    subject: tr.t('mail.serviceClosure.subject'),
    text: [
      greeting(null, tr),
      '',
      tr.t('mail.serviceClosure.body'),
      '',
      ...input.requests.map((r) =>
        tr.t('mail.serviceClosure.request', { request: r.requestNumber, serial: r.serialNumber, url: r.url }),
      ),
      '',
      ...footer(input, tr),
    ].join('\n'),
    eraseWhenSent: true,
  };
}
