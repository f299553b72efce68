import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { company } from '../../shared/company';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { publicProfile } from '../lib/public-profile';

export function ComingSoonPage() {
  const interestHref = `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent('New products: register interest')}`;
  return (
    <>
      <PageHead
        title={`Coming soon | ${publicProfile().tradingName}`}
        description={`New laboratory automation instruments from ${publicProfile().tradingName} are in development. Register your interest to hear first.`}
      />
      <Container className="flex flex-col items-center py-24 text-center md:py-32">
        <p className="rounded-full border border-accent-200 bg-accent-50 px-3 py-1 text-sm font-medium text-accent-800">
          In development
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-navy-900 md:text-5xl">
          More instruments are coming soon
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-navy-700">
          We are working on new instruments that automate other repetitive steps of sample preparation. Tell us which
          step slows your lab down, and we will keep you informed as they take shape.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <a href={interestHref}>
              <Mail aria-hidden="true" className="size-4" /> Register your interest
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">
              See the {company.productName} instrument <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </div>
      </Container>
    </>
  );
}
