import type { VatRegistryClient, VatRegistryResult } from './registry-client';
import { registryDate, registryText } from './registry-client';

export interface HmrcClientOptions {
  /** HMRC's API host, e.g. https://api.service.hmrc.gov.uk (HMRC_API_URL). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The shop's own GB VAT number (9 or 12 digits) as requester, for a consultation number; null: none. */
  requesterVrn: () => Promise<string | null>;
  timeoutMs: number;
  now?: () => Date;
}

interface HmrcLookup {
  target?: {
    name?: unknown;
    address?: Record<string, unknown>;
  };
  consultationNumber?: unknown;
  processingDate?: unknown;
}

class RegistryStatus extends Error {
  constructor(readonly status: 'unavailable' | 'rate_limited') {
    super(status);
  }
}

/**
 * HMRC's "Check a UK VAT number" API, version 2: an application-restricted OAuth token (client
 * credentials, scope read:vat), then GET /organisations/vat/check-vat-number/lookup/{target}[/{requester}].
 * 404 is a number HMRC does not know (invalid); 429 is its rate limit; anything else unknown is unavailable.
 */
export function hmrcClient(options: HmrcClientOptions): VatRegistryClient {
  const now = options.now ?? (() => new Date());
  const base = options.baseUrl.replace(/\/+$/, '');
  let token: { value: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const response = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
        scope: 'read:vat',
      }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (response.status === 429) throw new RegistryStatus('rate_limited');
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string') throw new RegistryStatus('unavailable');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    // A minute's margin, so a token is never sent in its last seconds.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(seconds - 60, 0) * 1000 };
    return token.value;
  }

  return {
    async checkVatNumber(_countryCode, number): Promise<VatRegistryResult> {
      const answered = (status: VatRegistryResult['status']) => ({ status, checkedAt: now() });
      try {
        const requester = await options.requesterVrn();
        const path = `/organisations/vat/check-vat-number/lookup/${encodeURIComponent(number)}${requester ? `/${encodeURIComponent(requester)}` : ''}`;
        const response = await fetch(`${base}${path}`, {
          headers: { accept: 'application/vnd.hmrc.2.0+json', authorization: `Bearer ${await accessToken()}` },
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (response.status === 404) return answered('invalid');
        if (response.status === 429) return answered('rate_limited');
        // A token HMRC no longer accepts: the next try fetches a new one.
        if (response.status === 401) token = null;
        const body = (await response.json().catch(() => null)) as HmrcLookup | null;
        if (!response.ok || !body?.target) return answered('unavailable');
        const address = body.target.address ?? {};
        const addressText = registryText(
          ['line1', 'line2', 'line3', 'line4', 'line5', 'postcode', 'countryCode']
            .map((key) => registryText(address[key]))
            .filter(Boolean)
            .join(', '),
        );
        const name = registryText(body.target.name);
        const consultationNumber = registryText(body.consultationNumber);
        return {
          status: 'valid',
          checkedAt: registryDate(body.processingDate, now()),
          ...(name ? { name } : {}),
          ...(addressText ? { address: addressText } : {}),
          ...(consultationNumber ? { consultationNumber } : {}),
        };
      } catch (error) {
        return answered(error instanceof RegistryStatus ? error.status : 'unavailable');
      }
    },
  };
}
