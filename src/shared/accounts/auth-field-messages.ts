/** The accounts forms' field messages (accounts spec section 5), by id (issue 53); no zod, so pages can hold them. */
export const passwordDescriptor = {
  id: 'error.password',
  message: 'Password must be at least 6 characters long.',
} as const;
export const codeDescriptor = { id: 'error.code', message: 'Please enter a 6-digit verification code' } as const;
export const recoveryCodeDescriptor = { id: 'error.recoveryCode', message: 'Please enter a recovery code.' } as const;
export const freshCodeDescriptor = {
  id: 'error.freshCode',
  message: 'Enter a code from your authenticator app or a recovery code.',
} as const;
