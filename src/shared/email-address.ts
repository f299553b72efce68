/** An e-mail address is at most 254 characters (RFC 5321; accounts spec section 5, storefront spec section 5). */
export const EMAIL_MAX = 254;

/** The e-mail fields of the quote flow, the order flow and the USA waitlist (storefront spec sections 5 and 9), word for word. */
export const emailFieldDescriptor = { id: 'error.email', message: 'Please enter a valid email address' } as const;
export const emailFieldMessage = emailFieldDescriptor.message;

/** The same sentence with its full stop: the accounts forms (accounts spec sections 5 and 8) and a refused quote (storefront spec section 8). */
export const emailErrorDescriptor = { id: 'error.emailStop', message: 'Please enter a valid email address.' } as const;
export const emailErrorMessage = emailErrorDescriptor.message;
