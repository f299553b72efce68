/**
 * Sending e-invoices over the Peppol network through an access-point provider (issue 40, decision
 * 0063). The shop is not an access point: it hands the UBL to the provider configured by address
 * (PEPPOL_AP_URL, with PEPPOL_AP_TOKEN as a bearer token), which delivers it and reports a
 * transmission id and status. Off unless configured. Infrastructure: imports no feature.
 *
 * The provider's API, as the shop speaks it (providers' own APIs are adapted behind this one):
 * - POST {PEPPOL_AP_URL}/documents, body the UBL XML (`application/xml`), headers `x-peppol-receiver`
 *   (the buyer's participant id, e.g. `0204:991-33333TEST-33` or `9930:DE123456789`) and
 *   `x-peppol-document-type` (`invoice` or `credit_note`); answer 2xx JSON `{ id, status }`, or
 *   4xx JSON `{ error }` when it refuses the document;
 * - GET {PEPPOL_AP_URL}/documents/{id}: `{ id, status, detail? }` for a later status.
 */

export type PeppolStatus = 'accepted' | 'delivered' | 'failed' | 'refused';

export interface PeppolSendResult {
  /** Null when the provider refused the document or could not be reached. */
  transmissionId: string | null;
  status: PeppolStatus;
  detail: string | null;
}

export interface PeppolDocument {
  xml: string;
  kind: 'invoice' | 'credit_note';
  /** The buyer's Peppol participant id (scheme:identifier). */
  receiver: string;
}

export interface PeppolAccessPoint {
  send(document: PeppolDocument): Promise<PeppolSendResult>;
  status(transmissionId: string): Promise<PeppolSendResult>;
}

export interface PeppolOptions {
  baseUrl: string;
  token?: string | undefined;
  timeoutMs: number;
}

const statuses = new Set<PeppolStatus>(['accepted', 'delivered', 'failed', 'refused']);
const statusOf = (value: unknown): PeppolStatus =>
  typeof value === 'string' && statuses.has(value as PeppolStatus) ? (value as PeppolStatus) : 'accepted';
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 500) : null);

async function answerOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The provider behind the interface; never throws: an unreachable provider is a `failed` send with its reason. */
export function peppolAccessPoint(options: PeppolOptions): PeppolAccessPoint {
  const base = options.baseUrl.replace(/\/+$/, '');
  const auth: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  const failed = (detail: string): PeppolSendResult => ({ transmissionId: null, status: 'failed', detail });
  return {
    async send(document) {
      let response: Response;
      try {
        response = await fetch(`${base}/documents`, {
          method: 'POST',
          headers: {
            'content-type': 'application/xml',
            accept: 'application/json',
            'x-peppol-receiver': document.receiver,
            'x-peppol-document-type': document.kind,
            ...auth,
          },
          body: document.xml,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        return failed('The Peppol access point could not be reached.');
      }
      const body = await answerOf(response);
      if (response.status >= 400 && response.status < 500)
        return { transmissionId: null, status: 'refused', detail: text(body.error) ?? `Refused (${response.status})` };
      if (!response.ok) return failed(`The Peppol access point answered ${response.status}.`);
      const id = text(body.id);
      if (!id) return failed('The Peppol access point gave no transmission id.');
      return { transmissionId: id, status: statusOf(body.status), detail: text(body.detail) };
    },
    async status(transmissionId) {
      let response: Response;
      try {
        response = await fetch(`${base}/documents/${encodeURIComponent(transmissionId)}`, {
          headers: { accept: 'application/json', ...auth },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch {
        return { transmissionId, status: 'accepted', detail: 'The Peppol access point could not be reached.' };
      }
      const body = await answerOf(response);
      return { transmissionId, status: statusOf(body.status), detail: text(body.detail) };
    },
  };
}
