import { defineMessages, englishOf, formatIcu } from '../i18n/message';
import { serviceFieldMessages } from './service-field-messages';

export { serviceFieldMessages };

/**
 * A service request's life (issue 26), written once: the server refuses any other move, and the
 * admin page offers exactly these. requested → authorised (an RMA number and return instructions)
 * → received → repaired or replaced → returned; requested, authorised or received → declined.
 */
export const serviceRequestStatuses = [
  'requested',
  'authorised',
  'received',
  'repaired',
  'replaced',
  'returned',
  'declined',
] as const;

export type ServiceRequestStatus = (typeof serviceRequestStatuses)[number];

export const serviceStatusLabels: Record<ServiceRequestStatus, string> = {
  requested: 'Requested',
  authorised: 'Authorised',
  received: 'Received',
  repaired: 'Repaired',
  replaced: 'Replaced',
  returned: 'Returned',
  declined: 'Declined',
};

/** The moves allowed from each status; returned and declined are final. */
export const serviceMoves: Record<ServiceRequestStatus, readonly ServiceRequestStatus[]> = {
  requested: ['authorised', 'declined'],
  authorised: ['received', 'declined'],
  received: ['repaired', 'replaced', 'declined'],
  repaired: ['returned'],
  replaced: ['returned'],
  returned: [],
  declined: [],
};

export const canMoveService = (from: ServiceRequestStatus, to: ServiceRequestStatus) => serviceMoves[from].includes(to);

/** What the customer reads against each step on their page. */
export const serviceStepText: Record<ServiceRequestStatus, string> = {
  requested: 'We have your request and will reply soon.',
  authorised: 'Return authorised: send the instrument back with the RMA number, as the instructions say.',
  received: 'We have received your instrument.',
  repaired: 'Your instrument is repaired.',
  replaced: 'Your instrument is replaced.',
  returned: 'Your instrument is on its way back to you.',
  declined: 'We cannot take this request on.',
};

/** The service requests' refusals, by id (issue 53). */
export const serviceRefusals = defineMessages({
  notFound: { id: 'serviceRefusal.notFound', message: 'Service request not found' },
  instrumentNotFound: { id: 'serviceRefusal.instrumentNotFound', message: 'Instrument not found' },
  photoNotFound: { id: 'serviceRefusal.photoNotFound', message: 'Photo not found' },
  photoType: { id: 'serviceRefusal.photoType', message: 'Photos must be JPEG, PNG or WebP images.' },
  photoTooLarge: serviceFieldMessages.photoTooLarge,
  photoUnreadable: serviceFieldMessages.photoUnreadable,
  photoTooManyPixels: {
    id: 'serviceRefusal.photoTooManyPixels',
    message:
      'Each photo must be 40 megapixels or smaller (for example 8000 × 5000 pixels). Resize it and attach it again.',
  },
  requestRateLimited: {
    id: 'serviceRefusal.requestRateLimited',
    message: 'Too many service requests. Please wait before trying again.',
  },
  declarationRateLimited: {
    id: 'serviceRefusal.declarationRateLimited',
    message: 'Too many attempts. Please wait a moment.',
  },
  noRmaDocument: { id: 'serviceRefusal.noRmaDocument', message: 'No RMA document yet: the return is not authorised' },
  noProForma: {
    id: 'serviceRefusal.noProForma',
    message: 'No pro-forma invoice: the return is not authorised or not from abroad',
  },
  noDeclaration: { id: 'serviceRefusal.noDeclaration', message: 'No decontamination declaration yet' },
  repairUnderWarranty: {
    id: 'serviceRefusal.repairUnderWarranty',
    message: 'This request is under warranty: mark it "Not covered" with the reason before making a repair quote.',
  },
  repairQuoteExists: { id: 'serviceRefusal.repairQuoteExists', message: 'This request already has its repair quote.' },
  repairClosed: { id: 'serviceRefusal.repairClosed', message: 'This request is closed: no repair quote can be made.' },
  /** Above the Repair Quote Approval Threshold setting (the amount written in the order's currency). */
  repairQuoteNeedsApproval: {
    id: 'serviceRefusal.repairQuoteNeedsApproval',
    message: 'A repair price above {limit} net needs a staff member who records payments, or an Owner.',
  },
  /** A servicing renewal's or a repair's quote for an instrument (decision 0043). */
  noRenewalOption: {
    id: 'serviceRefusal.noRenewalOption',
    message: 'No yearly servicing option is in the catalogue to price the renewal.',
  },
  repairNeedsAmount: { id: 'serviceRefusal.repairNeedsAmount', message: 'A repair quote needs its net amount.' },
});

export const serviceMessages = {
  ...englishOf(serviceRefusals),
  ...englishOf(serviceFieldMessages),
  returnInstructionsRequired: 'Return instructions are needed to authorise a return',
  declineReasonRequired: 'Give the reason for declining',
  moveRefused: (from: ServiceRequestStatus, to: ServiceRequestStatus) =>
    `A request that is ${serviceStatusLabels[from].toLowerCase()} cannot be moved to ${serviceStatusLabels[to].toLowerCase()}.${
      serviceMoves[from].length > 0
        ? ` It can go to: ${serviceMoves[from].map((next) => serviceStatusLabels[next].toLowerCase()).join(', ')}.`
        : ' It is closed.'
    }`,
  /** Issue 41: no promise before diagnosis; terms §11 exclude accidental damage, misuse, wear and consumables. */
  underWarranty: 'Covered by warranty, subject to inspection (terms §11)',
  outOfWarranty: 'Out of warranty: we will send you a repair quote before any paid work.',
  /** Staff pages speak to staff. */
  underWarrantyAdmin: 'Under warranty: covered unless inspection finds an exclusion',
  outOfWarrantyAdmin: 'Out of warranty: a repair quote is needed',
  notCovered: (reason: NotCoveredReason) =>
    `Not covered by warranty (${notCoveredReasonLabels[reason].toLowerCase()}, terms §11): we will send you a repair quote before any paid work.`,
  notCoveredAdmin: (reason: NotCoveredReason) =>
    `Not covered: ${notCoveredReasonLabels[reason].toLowerCase()}. A repair quote is needed`,
  notCoveredOutOfWarranty: 'This request is out of warranty already: make its repair quote.',
  notCoveredAlready: 'This request is already marked not covered.',
  notCoveredClosed: 'This request is closed: its cover can no longer change.',
  declarationRequired:
    'The decontamination declaration is missing: the customer completes it on the request page before we receive the instrument.',
  declarationExists: 'The decontamination declaration is already signed.',
  declarationClosed: 'This request is closed: no declaration is needed.',
  repairQuoteNeedsApproval: (limit: string) => formatIcu(serviceRefusals.repairQuoteNeedsApproval.message, { limit }),
  moneyElsewhere:
    'A replacement or refund that moves money is done on the order page, with a credit note and a fresh authenticator code.',
} as const;

export const SERVICE_DESCRIPTION_MAX = 4000;

/** Issue 41: why staff find a fault outside the warranty (terms §11). */
export const notCoveredReasons = ['accidental_damage', 'misuse', 'wear', 'consumables'] as const;
export type NotCoveredReason = (typeof notCoveredReasons)[number];
export const notCoveredReasonLabels: Record<NotCoveredReason, string> = {
  accidental_damage: 'Accidental damage',
  misuse: 'Misuse',
  wear: 'Wear',
  consumables: 'Consumables',
};

/** What the customer reads of the cover; `notCoveredReason` once staff found an exclusion. */
export const coverLine = (request: { underWarranty: boolean; notCoveredReason?: NotCoveredReason | null }) =>
  request.notCoveredReason
    ? serviceMessages.notCovered(request.notCoveredReason)
    : request.underWarranty
      ? serviceMessages.underWarranty
      : serviceMessages.outOfWarranty;

/** The same, for staff. */
export const coverLineAdmin = (request: { underWarranty: boolean; notCoveredReason?: NotCoveredReason | null }) =>
  request.notCoveredReason
    ? serviceMessages.notCoveredAdmin(request.notCoveredReason)
    : request.underWarranty
      ? serviceMessages.underWarrantyAdmin
      : serviceMessages.outOfWarrantyAdmin;

/** A request whose repair is charged: out of warranty, or marked not covered. */
export const chargeable = (request: { underWarranty: boolean; notCoveredReason?: NotCoveredReason | null }) =>
  !request.underWarranty || Boolean(request.notCoveredReason);

/** Open: not yet returned or declined (a closed account's request stays reachable until then). */
export const isOpenService = (status: ServiceRequestStatus) => serviceMoves[status].length > 0;
export const SERVICE_PHOTO_MAX = 3;
export const SERVICE_PHOTO_BYTES = 5 * 1024 * 1024;
/** Read from the header before decoding: a small file may declare a picture of gigabytes once decoded. */
export const SERVICE_PHOTO_MAX_PIXELS = 40_000_000;
