import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { company } from '../../shared/company';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { publicProfile } from '../lib/public-profile';
import { homePath } from '../i18n/language';
import { useT } from '../i18n/use-t';

export function ComingSoonPage() {
  const { t, language } = useT();
  const interestHref = `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent(t('soon.subject', 'New products: register interest'))}`;
  return (
    <>
      <PageHead
        title={t('soon.head.title', 'Coming soon | {name}', { name: publicProfile().tradingName })}
        description={t(
          'soon.head.description',
          'New laboratory automation instruments from {name} are in development. Register your interest to hear first.',
          { name: publicProfile().tradingName },
        )}
      />
      <Container className="flex flex-col items-center py-24 text-center md:py-32">
        <p className="rounded-full border border-accent-200 bg-accent-50 px-3 py-1 text-sm font-medium text-accent-800">
          {t('soon.badge', 'In development')}
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-navy-900 md:text-5xl">
          {t('soon.title', 'More instruments are coming soon')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-navy-700">
          {t(
            'soon.lead',
            'We are working on new instruments that automate other repetitive steps of sample preparation. Tell us which step slows your lab down, and we will keep you informed as they take shape.',
          )}
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <a href={interestHref}>
              <Mail aria-hidden="true" className="size-4" /> {t('soon.register', 'Register your interest')}
            </a>
          </Button>
          <Button asChild variant="outline">
            <Link to={homePath(language)}>
              {t('soon.see', 'See the {product} instrument', { product: company.productName })}{' '}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </Button>
        </div>
      </Container>
    </>
  );
}
