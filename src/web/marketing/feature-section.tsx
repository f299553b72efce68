import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../ui/cn';
import { Container } from '../ui/container';
import { SectionHeading } from './section-heading';

interface FeatureSectionProps {
  id: string;
  eyebrow: string;
  title: string;
  lead: ReactNode;
  points: readonly string[];
  image: { src: string; alt: string; width: number; height: number };
  imageFirst?: boolean;
  tinted?: boolean;
}

/** A text-and-illustration section (sections 3 and 4 of the home page). */
export function FeatureSection({
  id,
  eyebrow,
  title,
  lead,
  points,
  image,
  imageFirst = false,
  tinted = false,
}: FeatureSectionProps) {
  return (
    <section aria-labelledby={id} className={cn('below-the-fold py-20 md:py-28', tinted && 'bg-navy-50')}>
      <Container className="grid items-center gap-12 lg:grid-cols-12">
        <div className={cn('lg:col-span-6', imageFirst && 'lg:order-2')}>
          <SectionHeading id={id} eyebrow={eyebrow} title={title}>
            <p>{lead}</p>
          </SectionHeading>
          <ul className="mt-8 space-y-4">
            {points.map((point) => (
              <li key={point} className="flex gap-3 text-navy-800">
                <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-800">
                  <Check aria-hidden="true" className="size-4" />
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={cn('lg:col-span-6', imageFirst && 'lg:order-1')}>
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            className="h-auto w-full rounded-2xl border border-navy-100 bg-white"
          />
        </div>
      </Container>
    </section>
  );
}
