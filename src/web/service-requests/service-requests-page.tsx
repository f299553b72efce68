import { Link, Navigate } from 'react-router';
import { useT } from '../i18n/use-t';
import { signOutDestination } from '../lib/sign-out';
import { useSession } from '../lib/use-session';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { useServiceRequests } from './service-api';
import { LoadFailed, ServiceHead } from './service-parts';
import { serviceStatusIn } from './service-text';

/** /service-requests: the signed-in customer's service requests, newest first. */
export function ServiceRequestsPage() {
  const session = useSession();
  const ready = session.signedIn && !session.mfaStep;
  const query = useServiceRequests(ready);
  const text = useT();
  const { t } = text;
  if (session.isSuccess && !session.signedIn) return <Navigate to={signOutDestination('/login')} replace />;
  if (!ready || query.isPending)
    return <PageLoading label={t('service.loadingList', 'Loading your service requests...')} />;
  if (query.isError) return <LoadFailed retry={() => void query.refetch()} />;
  return (
    <Container className="py-10">
      <ServiceHead title={t('service.requests', 'Service requests')} />
      <h1 className="text-3xl font-semibold tracking-tight text-navy-900">
        {t('service.requests', 'Service requests')}
      </h1>
      {query.data.length === 0 ? (
        <p className="mt-4 text-navy-600">
          {t(
            'service.none',
            'You have no service requests. To ask for help with an instrument, open it from My Account.',
          )}
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white">
          {query.data.map((request) => (
            <li key={request.requestNumber} className="flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
              <Link
                className="font-medium text-accent-700 underline"
                to={`/service-requests/${encodeURIComponent(request.requestNumber)}`}
              >
                {request.requestNumber}
              </Link>
              <span className="text-navy-700">
                {request.model} · {request.serialNumber}
              </span>
              <span className="text-navy-700">{serviceStatusIn(text, request.status)}</span>
              <span className="text-navy-500">{text.date(request.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
