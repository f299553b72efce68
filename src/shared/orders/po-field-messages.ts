import { defineMessages } from '../i18n/message';
import { addressFieldMessages } from './address-field-messages';

/** The buyer's PO upload's field messages, by id (issue 53, decision 0084): the schema carries the id. */
export const poDocumentFieldMessages = defineMessages({
  notPdf: { id: 'poRefusal.notPdf', message: 'The purchase order must be a PDF file. This file is not a PDF.' },
  tooLarge: { id: 'poRefusal.tooLarge', message: 'The purchase order file is larger than 10 MB.' },
  poNumberTooLong: addressFieldMessages.tooLong,
});
