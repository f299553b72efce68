import { useEffect, useState } from 'react';
import { api } from './api-client';

export interface OrderingState {
  open: boolean;
  /** "Ordering opens soon…" while the shop takes no orders (GET /api/orders/ordering); the page says `orderFlowRefusals.orderingNotOpen` by its id. */
  message: string | null;
  /** Issue 39: the shop's orders require the buyer's PO number (the order flow says so on its first step). */
  requirePoNumber?: boolean;
}

let pending: Promise<OrderingState> | undefined;

/** Forgets the answer read once per page load (a component test starts afresh). */
export function forgetOrderingState() {
  pending = undefined;
}

/**
 * Whether the shop takes orders now: a production shop whose business profile is still the example
 * does not (quotes still work). Open until the answer arrives, and if the request fails (the server
 * still refuses the order, with the same message).
 */
export function useOrderingOpen(): OrderingState {
  const [state, setState] = useState<OrderingState>({ open: true, message: null });
  useEffect(() => {
    let active = true;
    pending ??= api<OrderingState>('/api/orders/ordering').catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    pending.then(
      (value) => active && setState(value),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
