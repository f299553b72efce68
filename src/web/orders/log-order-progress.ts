import { type FlowProgressRequest, flowProgressRequestSchema } from '../../shared/order-flow';
import { api } from '../lib/api-client';

const SESSION_KEY = 'orderFlowSessionId';

/** A per-tab id the order flow's progress is logged under (kept in session storage). */
export function orderFlowSessionId(): string {
  let id = window.sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = crypto.randomUUID();
    window.sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

/** Logs the shipping form's progress. Failures are ignored: logging never blocks an order. */
export function logOrderProgress(progress: FlowProgressRequest): void {
  // The server refuses an address that is not one yet (still being typed); not worth a request.
  if (!flowProgressRequestSchema.shape.email.safeParse(progress.email).success) return;
  api('/api/flows/progress', { method: 'POST', body: progress }).catch(() => undefined);
}
