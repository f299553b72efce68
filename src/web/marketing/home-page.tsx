import { Link } from 'react-router';
import { company } from '../../shared/company';
import { formatMoney } from '../../shared/money';
import { PageHead } from '../app/page-head';
import { usePublicOrigin } from '../app/public-origin';
import { defaultHead } from '../app/head-tags';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { homeStructuredData } from './structured-data';

export function HomePage() {
  const origin = usePublicOrigin();
  return (
    <>
      <PageHead
        title={defaultHead.title}
        description={defaultHead.description}
        path="/"
        jsonLd={homeStructuredData(origin)}
      />
      <section className="bg-navy-900 text-white">
        <Container className="py-24">
          <h1 className="max-w-3xl text-4xl font-semibold tracking-tight md:text-5xl">{company.tagline}</h1>
          <p className="mt-6 text-lg text-navy-100">
            From {formatMoney(company.startingPrice.GBP, 'GBP')} / {formatMoney(company.startingPrice.EUR, 'EUR')}
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to="/configure">Configure Now</Link>
          </Button>
        </Container>
      </section>
    </>
  );
}
