import { useMutation } from '@tanstack/react-query';
import { authRequest } from './auth-request';

/** Asks for a fresh confirmation link (the answer is the same whether or not the address has a pending sign-up). */
export const resendConfirmation = (body: { email: string }) => authRequest<{ sent: true }>('/api/auth/resend-confirmation', { method: 'POST', body });
export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
