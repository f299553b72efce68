import type { VatRegistryClient, VatRegistryResult } from './registry-client';
import { registryDate, registryText } from './registry-client';

export interface ViesClientOptions {
  /** VIES's REST API, e.g. https://ec.europa.eu/taxation_customs/vies/rest-api (VIES_API_URL). */
  baseUrl: string;
  /** The shop's own EU or XI VAT number: with it VIES gives a consultation number for each check. */
  requester?: { countryCode: string; number: string };
  timeoutMs: number;
  now?: () => Date;
}

/** VIES's error codes that mean "too many requests at once": try again later. */
const busy = new Set([
  'GLOBAL_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ_TIME',
  'MS_MAX_CONCURRENT_REQ',
  'MS_MAX_CONCURRENT_REQ_TIME',
]);

interface ViesAnswer {
  valid?: unknown;
  name?: unknown;
  address?: unknown;
  requestDate?: unknown;
  requestIdentifier?: unknown;
  actionSucceed?: unknown;
  errorWrappers?: { error?: unknown }[];
}

/**
 * The European Commission's VIES, by its REST API: POST /check-vat-number with the number and, when
 * the shop has an EU or XI number, itself as requester (the answer then carries a consultation
 * number). VIES reports a member state's outage or its own load as an error code, sometimes with
 * 200: those are `unavailable` or `rate_limited`, never `invalid`.
 */
export function viesClient(options: ViesClientOptions): VatRegistryClient {
  const now = options.now ?? (() => new Date());
  const url = `${options.baseUrl.replace(/\/+$/, '')}/check-vat-number`;
  return {
    async checkVatNumber(countryCode, number): Promise<VatRegistryResult> {
      const answered = (status: VatRegistryResult['status']) => ({ status, checkedAt: now() });
      let response: Response;
      let body: ViesAnswer | null;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode,
            vatNumber: number,
            ...(options.requester
              ? {
                  requesterMemberStateCode: options.requester.countryCode,
                  requesterNumber: options.requester.number,
                }
              : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        body = (await response.json().catch(() => null)) as ViesAnswer | null;
      } catch {
        return answered('unavailable');
      }
      if (response.status === 429) return answered('rate_limited');
      const errors = (Array.isArray(body?.errorWrappers) ? body.errorWrappers : []).map((wrapper) =>
        String(wrapper?.error ?? ''),
      );
      if (errors.some((code) => busy.has(code))) return answered('rate_limited');
      // Only a number VIES itself calls malformed is invalid; any other error leaves it unknown.
      if (errors.includes('INVALID_INPUT')) return answered('invalid');
      if (!response.ok || !body || body.actionSucceed === false || errors.length > 0 || typeof body.valid !== 'boolean')
        return answered('unavailable');
      const name = registryText(body.name);
      const address = registryText(body.address);
      const consultationNumber = registryText(body.requestIdentifier);
      return {
        status: body.valid ? 'valid' : 'invalid',
        checkedAt: registryDate(body.requestDate, now()),
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
        ...(consultationNumber ? { consultationNumber } : {}),
      };
    },
  };
}
