import type { ReactNode } from 'react';
import { Container } from '../ui/container';

/** The heading band that opens each marketing page. */
export function PageIntro({ eyebrow, title, children }: { eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <section className="border-b border-navy-100 bg-gradient-to-b from-navy-50 to-white">
      <Container className="py-16 md:py-20">
        <p className="text-sm font-semibold uppercase tracking-widest text-accent-700">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-navy-900 md:text-5xl">
          {title}
        </h1>
        {children ? <div className="mt-6 max-w-2xl text-lg leading-relaxed text-navy-700">{children}</div> : null}
      </Container>
    </section>
  );
}
