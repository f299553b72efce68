import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../ui/container';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  version: string;
  effectiveDate: string;
  back: { to: string; label: string };
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** A legal page: back link, version and effective date, a table of contents and numbered sections. */
export function LegalDocument({ title, version, effectiveDate, back, intro, sections }: LegalDocumentProps) {
  return (
    <Container className="py-12 md:py-16">
      <Link
        to={back.to}
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-accent-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {back.label}
      </Link>
      <div className="mt-6 grid gap-12 lg:grid-cols-12">
        <header className="lg:col-span-12">
          <h1 className="text-4xl font-semibold tracking-tight text-navy-900">{title}</h1>
          <p className="mt-3 text-sm text-navy-600">
            Version {version} · Effective {effectiveDate}
          </p>
          <div className="mt-6 max-w-3xl text-lg leading-relaxed text-navy-700">{intro}</div>
        </header>
        <nav aria-label="Contents" className="lg:col-span-4">
          <div className="rounded-xl border border-navy-100 bg-navy-50 p-5 lg:sticky lg:top-24">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-navy-700">Contents</h2>
            <ol className="mt-3 space-y-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className="text-navy-800 underline-offset-2 hover:text-accent-700 hover:underline"
                  >
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <div className="max-w-3xl space-y-10 lg:col-span-8">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight text-navy-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-navy-800 [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-1.5">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </Container>
  );
}
