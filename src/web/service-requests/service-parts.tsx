import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { coverLine, type NotCoveredReason, serviceMessages } from '../../shared/service-requests/service-lifecycle';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';

export function ServiceHead({ title }: { title: string }) {
  return <PageHead title={`${title} | Dropwise`} description="Service for your Dropwise instrument." noindex />;
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
export function ServiceNotFound({ what = serviceMessages.notFound }: { what?: string }) {
  return (
    <Container className="py-20 text-center">
      <ServiceHead title="Not found" />
      <p className="text-7xl font-bold tracking-tight text-navy-900">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-navy-900">{what}</h1>
      <p className="mt-2 text-navy-600">It does not exist, or it is not yours to see.</p>
      <Button asChild className="mt-6">
        <Link to="/my-account">Back to My Account</Link>
      </Button>
    </Container>
  );
}

export function LoadFailed({ retry }: { retry: () => void }) {
  return (
    <Container className="py-20 text-center">
      <p role="alert" className="text-red-800">
        This could not be loaded. Please try again.
      </p>
      <Button className="mt-4" onClick={retry}>
        Retry
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
  return (
    <p className="rounded-md bg-navy-50 p-3 text-sm text-navy-800" data-testid="service-cover">
      {coverLine({ underWarranty, notCoveredReason })}
    </p>
  );
}
