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

export const serviceMessages = {
  notFound: 'Service request not found',
  instrumentNotFound: 'Instrument not found',
  descriptionRequired: 'Tell us what happened',
  descriptionTooLong: 'Keep the description under 4000 characters',
  tooManyPhotos: 'Attach at most 3 photos.',
  photoType: 'Photos must be JPEG, PNG or WebP images.',
  photoTooLarge: 'Each photo must be 5 MB or smaller.',
  photoUnreadable: 'A photo could not be read. Attach it again.',
  photoTooManyPixels:
    'Each photo must be 40 megapixels or smaller (for example 8000 × 5000 pixels). Resize it and attach it again.',
  returnInstructionsRequired: 'Return instructions are needed to authorise a return',
  declineReasonRequired: 'Give the reason for declining',
  moveRefused: (from: ServiceRequestStatus, to: ServiceRequestStatus) =>
    `A request that is ${serviceStatusLabels[from].toLowerCase()} cannot be moved to ${serviceStatusLabels[to].toLowerCase()}.${
      serviceMoves[from].length > 0
        ? ` It can go to: ${serviceMoves[from].map((next) => serviceStatusLabels[next].toLowerCase()).join(', ')}.`
        : ' It is closed.'
    }`,
  underWarranty: 'Under warranty: this service costs you nothing.',
  outOfWarranty: 'Out of warranty: we will send you a repair quote before any paid work.',
  outOfWarrantyAdmin: 'Out of warranty: a repair quote is needed',
  repairUnderWarranty: 'This request is under warranty: the repair costs the customer nothing.',
  repairQuoteExists: 'This request already has its repair quote.',
  repairClosed: 'This request is closed: no repair quote can be made.',
  /** Above the Repair Quote Approval Threshold setting (the amount written in the order's currency). */
  repairQuoteNeedsApproval: (limit: string) =>
    `A repair price above ${limit} net needs a staff member who records payments, or an Owner.`,
  moneyElsewhere:
    'A replacement or refund that moves money is done on the order page, with a credit note and a fresh authenticator code.',
} as const;

export const SERVICE_DESCRIPTION_MAX = 4000;
export const SERVICE_PHOTO_MAX = 3;
export const SERVICE_PHOTO_BYTES = 5 * 1024 * 1024;
/** Read from the header before decoding: a small file may declare a picture of gigabytes once decoded. */
export const SERVICE_PHOTO_MAX_PIXELS = 40_000_000;
