import { Mail } from 'lucide-react';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageIntro } from './page-intro';
import { publicProfile } from '../lib/public-profile';
import { type PageText, useT } from '../i18n/use-t';

const disciplinesIn = ({ t }: PageText) => [
  {
    title: t('careers.engineering', 'Engineering'),
    text: t(
      'careers.engineeringText',
      'Mechanical, electronic and embedded firmware engineering for precise, reliable instruments.',
    ),
  },
  {
    title: t('careers.applications', 'Applications science'),
    text: t(
      'careers.applicationsText',
      'Scientists who turn lab protocols into automated methods and support our customers.',
    ),
  },
  {
    title: t('careers.operations', 'Operations'),
    text: t(
      'careers.operationsText',
      'Production, quality and logistics for instruments shipped across the UK and the EU.',
    ),
  },
];

export function CareersPage() {
  const text = useT();
  const { t } = text;
  const disciplines = disciplinesIn(text);
  const profile = publicProfile();
  const place = {
    name: profile.tradingName,
    city: profile.tradingAddress.city,
    country: profile.tradingAddress.country,
  };
  const applyHref = `mailto:${profile.salesEmail}?subject=${encodeURIComponent(t('careers.applySubject', 'Careers: speculative application'))}`;
  return (
    <>
      <PageHead
        title={t('careers.head.title', 'Careers | {name}', place)}
        description={t(
          'careers.head.description',
          'Work at {name} in {city}, {country}: engineering, applications science and operations roles building laboratory automation.',
          place,
        )}
      />
      <PageIntro
        eyebrow={t('nav.careers', 'Careers')}
        title={t('careers.title', 'Build the instruments that give scientists their time back')}
      >
        <p>
          {t(
            'careers.intro',
            'We are a small, growing team in {city}. Everyone here works close to the product and to the labs that use it.',
            place,
          )}
        </p>
      </PageIntro>
      <Container className="py-16 md:py-20">
        <div className="rounded-2xl border border-navy-100 bg-white p-6 md:p-8">
          <h2 className="text-2xl font-semibold tracking-tight text-navy-900">{t('careers.open', 'Open positions')}</h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-navy-700">
            {t(
              'careers.none',
              'There are no open positions at the moment. We are always glad to hear from engineers and scientists who want to work on laboratory automation: send us your CV and a few lines about what you would like to do.',
            )}
          </p>
          <Button asChild className="mt-6">
            <a href={applyHref}>
              <Mail aria-hidden="true" className="size-4" /> {t('careers.apply', 'Send a speculative application')}
            </a>
          </Button>
        </div>
        <h2 className="mt-16 text-2xl font-semibold tracking-tight text-navy-900">
          {t('careers.fit', 'Where you could fit in')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {disciplines.map((discipline) => (
            <li key={discipline.title} className="rounded-xl border border-navy-100 bg-navy-50 p-6">
              <h3 className="font-semibold text-navy-900">{discipline.title}</h3>
              <p className="mt-2 leading-relaxed text-navy-700">{discipline.text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </>
  );
}
