import { defineMessages } from '../i18n/message';

/**
 * The service request's and the decontamination declaration's field messages, by id (issue 53, decision
 * 0084): the shared schemas carry the id, the page shows it in its language, a 400 answers the English
 * with the id (src/shared/field-messages.ts).
 */
export const serviceFieldMessages = defineMessages({
  descriptionRequired: { id: 'service.descriptionRequired', message: 'Tell us what happened' },
  descriptionTooLong: { id: 'service.descriptionTooLong', message: 'Keep the description under 4000 characters' },
  tooManyPhotos: { id: 'service.tooManyPhotos', message: 'Attach at most 3 photos.' },
  photoTooLarge: { id: 'serviceRefusal.photoTooLarge', message: 'Each photo must be 5 MB or smaller.' },
  photoUnreadable: { id: 'serviceRefusal.photoUnreadable', message: 'A photo could not be read. Attach it again.' },
  substances: { id: 'declarationError.substances', message: 'Say what the instrument handled (or "none")' },
  cleaningMethod: { id: 'declarationError.cleaningMethod', message: 'Say how it was cleaned or decontaminated' },
  signatoryName: { id: 'declarationError.signatoryName', message: 'Type your full name to sign' },
  declarationTextTooLong: { id: 'declarationError.textTooLong', message: 'Keep it under 2000 characters' },
  signatoryNameTooLong: { id: 'declarationError.nameTooLong', message: 'Keep it under 200 characters' },
  declarationSignature: { id: 'declarationError.signature', message: 'Tick the box to sign the declaration.' },
  signedOn: { id: 'declarationError.signedOn', message: 'Enter the date' },
});
