/** An e-mail address as the shop stores and compares it: trimmed, lower case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
