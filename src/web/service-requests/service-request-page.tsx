import { ArrowLeft } from 'lucide-react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import type { ServiceRequest } from '../../shared/service-requests/service-contracts';
import { useT } from '../i18n/use-t';
import { ApiError } from '../lib/api-client';
import { signOutDestination } from '../lib/sign-out';
import { useSession } from '../lib/use-session';
import { Badge } from '../ui/badge';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { useServiceRequest } from './service-api';
import { DecontaminationSection } from './decontamination-form';
import { CoverNote, LoadFailed, Section, ServiceHead, ServiceNotFound } from './service-parts';
import { serviceStatusIn, serviceStepIn } from './service-text';

/** /service-requests/{requestNumber}: the owner signed in, or a guest with `?key=` (the order's key). */
export function ServiceRequestPage() {
  const { requestNumber = '' } = useParams();
  const [search] = useSearchParams();
  const key = search.get('key');
  const session = useSession();
  const ready = key !== null || (session.signedIn && !session.mfaStep);
  const query = useServiceRequest(requestNumber, key, ready);
  const { t } = useT();

  if (key === null && session.isSuccess && !session.signedIn)
    return <Navigate to={signOutDestination('/login')} replace />;
  if (!ready || query.isPending) return <PageLoading label={t('service.loading', 'Loading your service request...')} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <ServiceNotFound />;
    return <LoadFailed retry={() => void query.refetch()} />;
  }
  return <ServiceRequestView request={query.data} guestKey={key} />;
}

function ServiceRequestView({ request, guestKey }: { request: ServiceRequest; guestKey: string | null }) {
  const guest = guestKey !== null;
  const steps = [...request.history].reverse();
  const text = useT();
  const { t } = text;
  const heading = t('service.heading', 'Service request {number}', { number: request.requestNumber });
  return (
    <Container className="py-10">
      <ServiceHead title={heading} />
      {guest ? null : (
        <Link
          to="/service-requests"
          className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> {t('service.yours', 'Your service requests')}
        </Link>
      )}
      <header className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight text-navy-900">{heading}</h1>
          <p className="mt-1 text-navy-600">
            {t('service.instrumentLine', '{model}, serial number {serial} · opened on {date}', {
              model: request.model,
              serial: request.serialNumber,
              date: text.date(request.createdAt),
            })}
          </p>
        </div>
        <span data-testid="service-status">
          <Badge>{serviceStatusIn(text, request.status)}</Badge>
        </span>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          {request.rmaNumber ? (
            <Section title={t('service.returnAuthorisation', 'Return authorisation')}>
              <p className="text-sm text-navy-800">
                {t('service.rmaNumber', 'RMA number:')} <strong data-testid="rma-number">{request.rmaNumber}</strong>
              </p>
              <h3 className="mt-3 text-sm font-medium text-navy-900">
                {t('service.returnInstructions', 'Return instructions')}
              </h3>
              <p className="mt-1 whitespace-pre-line text-sm text-navy-700">{request.returnInstructions}</p>
              {request.rmaUrl ? (
                <a className="mt-3 inline-block text-sm font-medium text-accent-700 underline" href={request.rmaUrl}>
                  {t('service.downloadRma', 'Download the RMA document (PDF)')}
                </a>
              ) : null}
              {request.proFormaUrl ? (
                <p className="mt-2 text-sm text-navy-700">
                  {t(
                    'service.proForma',
                    'The instrument crosses the border to us and back: put this pro-forma invoice with it for customs.',
                  )}{' '}
                  <a className="font-medium text-accent-700 underline" href={request.proFormaUrl}>
                    {t('service.downloadProForma', 'Download the pro-forma invoice (PDF)')}
                  </a>
                </p>
              ) : null}
            </Section>
          ) : null}
          {request.repairQuoteUrl ? (
            <Section title={t('service.repairQuote', 'Repair quote')}>
              <p className="text-sm text-navy-700">
                {t(
                  'service.repairQuoteText',
                  'The repair is not covered by the warranty: our quote says what it costs. Payment is in full when you accept it; there is no deposit.',
                )}
              </p>
              <Link
                className="mt-2 inline-block text-sm font-medium text-accent-700 underline"
                to={request.repairQuoteUrl}
              >
                {t('service.openRepairQuote', 'Open the repair quote')}
              </Link>
            </Section>
          ) : null}
          <DecontaminationSection request={request} guestKey={guestKey} />
          {request.declineReason ? (
            <Section title={t('service.status.declined', 'Declined')}>
              <p className="whitespace-pre-line text-sm text-navy-700" data-testid="decline-reason">
                {request.declineReason}
              </p>
            </Section>
          ) : null}
          <Section title={t('service.whatHappened', 'What happened')}>
            <p className="whitespace-pre-line text-sm text-navy-700">{request.description}</p>
            {request.photos.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-3">
                {request.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <img
                      src={photo.url}
                      alt={t('service.photo', 'Photo {n}', { n: index + 1 })}
                      className="h-32 w-32 rounded-md border border-navy-100 object-cover"
                    />
                  </li>
                ))}
              </ul>
            ) : null}
          </Section>
        </div>
        <div className="space-y-6">
          <CoverNote underWarranty={request.underWarranty} notCoveredReason={request.notCoveredReason} />
          <Section title={t('service.progress', 'Progress')}>
            <ol className="space-y-3" aria-label={t('service.progress', 'Progress')}>
              {steps.map((step) => (
                <li key={`${step.status}-${step.at}`} className="text-sm">
                  <p className="font-medium text-navy-900">{serviceStatusIn(text, step.status)}</p>
                  <p className="text-navy-700">{serviceStepIn(text, step.status)}</p>
                  {step.note ? <p className="whitespace-pre-line text-navy-700">{step.note}</p> : null}
                  <p className="text-xs text-navy-500">{text.date(step.at)}</p>
                </li>
              ))}
            </ol>
          </Section>
        </div>
      </div>
    </Container>
  );
}
