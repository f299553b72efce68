import { defineMessages } from '../i18n/message';

/** The address form's field messages (storefront spec section 9), by id (issue 53). */
export const addressFieldMessages = defineMessages({
  firstName: { id: 'error.firstName', message: 'First name is required' },
  lastName: { id: 'error.lastName', message: 'Last name is required' },
  address: { id: 'error.address', message: 'Address is required' },
  city: { id: 'error.city', message: 'City is required' },
  postalCode: { id: 'error.postalCode', message: 'Postal code is required' },
  country: { id: 'error.country', message: 'Please choose a country we ship to' },
  tooLong: { id: 'error.tooLong', message: 'This is too long' },
});

/** The "Language of your documents" select's message (the order and quote flows), by id (issue 53). */
export const languageFieldDescriptor = { id: 'error.language', message: 'Choose English, German or French.' };
