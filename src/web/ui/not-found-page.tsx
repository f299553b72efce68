import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PageHead } from '../lib/page-head';
import { Button } from './button';
import { Container } from './container';
import { useT } from '../i18n/use-t';

export function NotFoundPage() {
  const { pathname } = useLocation();
  const { t } = useT();
  useEffect(() => {
    console.warn(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <Container className="flex flex-col items-center py-24 text-center">
      <PageHead
        title={`${t('notFound.title', 'Page not found')} | Dropwise`}
        description={t('notFound.description', 'The page you were looking for does not exist.')}
        noindex
      />
      <p className="text-7xl font-bold tracking-tight text-navy-900">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-navy-800">{t('notFound.heading', 'Oops! Page not found')}</h1>
      <p className="mt-2 text-navy-600">
        {t('notFound.text', 'The page you are looking for does not exist or has moved.')}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">{t('notFound.home', 'Return to Home')}</Link>
      </Button>
    </Container>
  );
}
