import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { contactSalesHref } from './hero-section';
import { useT } from '../i18n/use-t';

export function CtaSection() {
  const { t } = useT();
  return (
    <section aria-labelledby="cta-title" className="below-the-fold bg-navy-900 py-20 md:py-24">
      <Container className="flex flex-col items-start justify-between gap-8 lg:flex-row lg:items-center">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="text-3xl font-semibold tracking-tight text-white md:text-4xl">
            {t('home.cta.title', 'Start automating today')}
          </h2>
          <p className="mt-4 text-lg text-navy-100">
            {t(
              'home.cta.lead',
              'Configure your instrument, see the price and the {percent}% deposit straight away, and order or take a quote to your purchasing team.',
              { percent: DEPOSIT_PERCENT },
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to="/configure">
              {t('nav.configure', 'Configure Now')} <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <a href={contactSalesHref()}>
              <Mail aria-hidden="true" className="size-5" /> {t('home.contactSales', 'Contact Sales')}
            </a>
          </Button>
        </div>
      </Container>
    </section>
  );
}
