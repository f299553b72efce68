import { useMutation } from '@tanstack/react-query';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { FlowType } from '../../shared/quotes/quote-schemas';
import { api } from '../lib/api-client';

export interface FlowEmailRequest {
  email: string;
  flowType: FlowType;
  configuration?: SelectedConfiguration;
}

/** The quote flow's step 1: checks the rate limit and logs the step on the server. */
export const submitFlowEmail = (request: FlowEmailRequest) =>
  api<{ ok: true }>('/api/flows/email', { method: 'POST', body: request });

export const useSubmitFlowEmail = () => useMutation({ mutationFn: submitFlowEmail });
