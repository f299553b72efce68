import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NotCoveredReason } from '../../shared/service-requests/service-lifecycle';
import { useT } from '../i18n/use-t';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { coverLineIn } from './service-text';

export function ServiceHead({ title }: { title: string }) {
  const { t } = useT();
  return (
    <PageHead
      title={`${title} | Dropwise`}
      description={t('service.description', 'Service for your Dropwise instrument.')}
      noindex
    />
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-navy-100 bg-white p-5">
      <h2 className="text-lg font-semibold text-navy-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Another customer's request, an unknown number and a wrong key all read the same. */
export function ServiceNotFound({ instrument = false }: { instrument?: boolean }) {
  const { t } = useT();
  return (
    <Container className="py-20 text-center">
      <ServiceHead title={t('service.notFoundTitle', 'Not found')} />
      <p className="text-7xl font-bold tracking-tight text-navy-900">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-navy-900">
        {instrument
          ? t('service.instrumentNotFound', 'Instrument not found')
          : t('service.notFound', 'Service request not found')}
      </h1>
      <p className="mt-2 text-navy-600">{t('service.notYours', 'It does not exist, or it is not yours to see.')}</p>
      <Button asChild className="mt-6">
        <Link to="/my-account">{t('details.backToAccount', 'Back to My Account')}</Link>
      </Button>
    </Container>
  );
}

export function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useT();
  return (
    <Container className="py-20 text-center">
      <p role="alert" className="text-red-800">
        {t('service.loadFailed', 'This could not be loaded. Please try again.')}
      </p>
      <Button className="mt-4" onClick={retry}>
        {t('details.retry', 'Retry')}
      </Button>
    </Container>
  );
}

/** The cover: no promise before diagnosis (issue 41), "not covered" once staff found an exclusion. */
export function CoverNote({
  underWarranty,
  notCoveredReason = null,
}: {
  underWarranty: boolean;
  notCoveredReason?: NotCoveredReason | null;
}) {
  const text = useT();
  return (
    <p className="rounded-md bg-navy-50 p-3 text-sm text-navy-800" data-testid="service-cover">
      {coverLineIn(text, { underWarranty, notCoveredReason })}
    </p>
  );
}
