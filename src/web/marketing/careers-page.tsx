import { Mail } from 'lucide-react';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageIntro } from './page-intro';
import { publicProfile } from '../lib/public-profile';

const disciplines = [
  {
    title: 'Engineering',
    text: 'Mechanical, electronic and embedded firmware engineering for precise, reliable instruments.',
  },
  {
    title: 'Applications science',
    text: 'Scientists who turn lab protocols into automated methods and support our customers.',
  },
  { title: 'Operations', text: 'Production, quality and logistics for instruments shipped across the UK and the EU.' },
] as const;

export function CareersPage() {
  const applyHref = `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent('Careers: speculative application')}`;
  return (
    <>
      <PageHead
        title={`Careers | ${publicProfile().tradingName}`}
        description={`Work at ${publicProfile().tradingName} in ${publicProfile().tradingAddress.city}, ${publicProfile().tradingAddress.country}: engineering, applications science and operations roles building laboratory automation.`}
      />
      <PageIntro eyebrow="Careers" title="Build the instruments that give scientists their time back">
        <p>
          We are a small, growing team in {publicProfile().tradingAddress.city}. Everyone here works close to the
          product and to the labs that use it.
        </p>
      </PageIntro>
      <Container className="py-16 md:py-20">
        <div className="rounded-2xl border border-navy-100 bg-white p-6 md:p-8">
          <h2 className="text-2xl font-semibold tracking-tight text-navy-900">Open positions</h2>
          <p className="mt-3 max-w-2xl leading-relaxed text-navy-700">
            There are no open positions at the moment. We are always glad to hear from engineers and scientists who want
            to work on laboratory automation: send us your CV and a few lines about what you would like to do.
          </p>
          <Button asChild className="mt-6">
            <a href={applyHref}>
              <Mail aria-hidden="true" className="size-4" /> Send a speculative application
            </a>
          </Button>
        </div>
        <h2 className="mt-16 text-2xl font-semibold tracking-tight text-navy-900">Where you could fit in</h2>
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
