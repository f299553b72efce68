/** The specification's words when a request gives up after 30 s (spec section 9), by id (issue 53). */
export const timeoutDescriptor = { id: 'error.timeout', message: 'Request timed out. Please try again.' } as const;
