import { useQuery } from '@tanstack/react-query';
import { serviceRequestListSchema } from '../../shared/service-requests/service-contracts';
import { isOpenService } from '../../shared/service-requests/service-lifecycle';
import { serviceStatusIn } from '../i18n/status-labels';
import { useT } from '../i18n/use-t';
import { api } from '../lib/api-client';
import { accountInstrumentsAnswerSchema } from '../../shared/instruments/instrument-schemas';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 41: what closing the account means for the customer's instruments: their open service
 * requests (each stays reachable by a link we e-mail at closure, until it is closed) and their live
 * warranties (serial number and warranty end). In the page's language (issue 40).
 */
export function CloseAccountService() {
  const text = useT();
  const { t } = text;
  // The customer's own instruments only, not their organisation's (decision 0068): closing concerns theirs.
  const instruments = useQuery({
    queryKey: ['account', 'instruments', 'own'],
    queryFn: async () => accountInstrumentsAnswerSchema.parse(await api<unknown>('/api/account/instruments?scope=own')),
  });
  const requests = useQuery({
    queryKey: ['service-requests'],
    queryFn: async ({ signal }) =>
      serviceRequestListSchema.parse(await api<unknown>('/api/service-requests', { signal })).requests,
  });
  const open = (requests.data ?? []).filter((request) => isOpenService(request.status));
  const live = (instruments.data?.instruments ?? []).filter(
    (instrument) => instrument.warrantyEndsOn !== null && instrument.warrantyEndsOn >= today(),
  );
  if (open.length === 0 && live.length === 0) return null;
  return (
    <div data-testid="close-account-service">
      {open.length > 0 ? (
        <>
          <p className="mt-3 font-medium">{t('closeService.openRequests', 'Your open service requests:')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {open.map((request) => (
              <li key={request.requestNumber}>
                {t('closeService.request', '{request} (serial number {serial}): {status}', {
                  request: request.requestNumber,
                  serial: request.serialNumber,
                  status: serviceStatusIn(text, request.status),
                })}
                {request.rmaNumber ? `, RMA ${request.rmaNumber}` : ''}
              </li>
            ))}
          </ul>
          <p className="mt-1">
            {t(
              'closeService.staysOpen',
              'Each stays open after the closure: we e-mail you a private link to its page, with its return instructions, which works until the request is closed.',
            )}
          </p>
        </>
      ) : null}
      {live.length > 0 ? (
        <>
          <p className="mt-3 font-medium">{t('closeService.underWarranty', 'Your instruments under warranty:')}</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {live.map((instrument) => (
              <li key={instrument.id}>
                {t('closeService.warranty', '{model}, serial number {serial}: warranty to {date}', {
                  model: instrument.model,
                  serial: instrument.serialNumber,
                  date: text.date(instrument.warrantyEndsOn ?? ''),
                })}
              </li>
            ))}
          </ul>
          <p className="mt-1">
            {t(
              'closeService.warrantyStays',
              'The warranty stays with the instrument: for a later fault, write to us with its serial number. Without an account you can no longer open a service request online.',
            )}
          </p>
        </>
      ) : null}
    </div>
  );
}
