import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { Container } from '../ui/container';
import { SectionHeading } from './section-heading';

/** The instrument facts of storefront spec section 9. */
export function SpecificationsSection({ warrantyMonths }: { warrantyMonths: number }) {
  const specifications: readonly (readonly [string, string])[] = [
    ['Dispense rate', '0.5–15 mL/min'],
    ['Syringes', '3 mL and 6 mL, volumes up to 6 mL'],
    ['Mixing', '0–1500 RPM'],
    ['Sample containers', 'Several sample containers supported'],
    ['Dimensions (W × D × H)', '210 × 100 × 300 mm'],
    ['Weight', '1.5 kg'],
    ['Power', '24 V mains adaptor'],
    ['Display', 'OLED'],
    ['Training', 'About 10 minutes'],
    ['Standards', 'EN ISO 61010-1:2010, 61010-2-051, EN IEC 61326-1:2021'],
    ['Warranty', `${warrantyMonths} months, extendable with yearly servicing`],
    ['Shipping', 'UK and EU only'],
    ['Payment terms', `${DEPOSIT_PERCENT}% deposit, balance due before dispatch`],
    ['Delivery terms', 'DDP for UK customers, DAP for international'],
    ['Lead time', 'Depends on batch and order date'],
  ];
  return (
    <section aria-labelledby="specifications-title" className="bg-navy-50 py-20 md:py-28">
      <Container className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <SectionHeading id="specifications-title" eyebrow="Specifications" title="Built for the bench and the hood">
            <p>Small enough for a biosafety cabinet, precise enough for your most sensitive samples.</p>
          </SectionHeading>
          <img
            src="/media/instrument-front.svg"
            alt="Dropwise instrument, front view"
            width={800}
            height={600}
            loading="lazy"
            decoding="async"
            className="mt-8 hidden h-auto w-full rounded-2xl border border-navy-100 lg:block"
          />
        </div>
        <dl className="divide-y divide-navy-100 overflow-hidden rounded-2xl border border-navy-100 bg-white lg:col-span-8">
          {specifications.map(([term, value]) => (
            <div key={term} className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4 sm:px-6">
              <dt className="text-sm font-medium text-navy-600">{term}</dt>
              <dd className="tabular text-navy-900 sm:col-span-2">{value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
