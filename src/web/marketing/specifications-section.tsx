import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { Container } from '../ui/container';
import { SectionHeading } from './section-heading';
import { useT } from '../i18n/use-t';

/** The instrument facts of storefront spec section 9. */
export function SpecificationsSection({ warrantyMonths }: { warrantyMonths: number }) {
  const { t } = useT();
  const specifications: readonly (readonly [string, string])[] = [
    [t('home.spec.rate', 'Dispense rate'), t('home.spec.rateValue', '0.5–15 mL/min')],
    [t('home.spec.syringes', 'Syringes'), t('home.spec.syringesValue', '3 mL and 6 mL, volumes up to 6 mL')],
    [t('home.spec.mixing', 'Mixing'), '0–1500 RPM'],
    [
      t('home.spec.containers', 'Sample containers'),
      t('home.spec.containersValue', 'Several sample containers supported'),
    ],
    [t('home.spec.dimensions', 'Dimensions (W × D × H)'), '210 × 100 × 300 mm'],
    [t('home.spec.weight', 'Weight'), t('home.spec.weightValue', '1.5 kg')],
    [t('home.spec.power', 'Power'), t('home.spec.powerValue', '24 V mains adaptor')],
    [t('home.spec.display', 'Display'), 'OLED'],
    [t('home.spec.training', 'Training'), t('home.spec.trainingValue', 'About 10 minutes')],
    [t('home.spec.standards', 'Standards'), 'EN ISO 61010-1:2010, 61010-2-051, EN IEC 61326-1:2021'],
    [
      t('home.spec.warranty', 'Warranty'),
      t('home.spec.warrantyValue', '{months} months, extendable with yearly servicing', { months: warrantyMonths }),
    ],
    [t('home.spec.shipping', 'Shipping'), t('home.spec.shippingValue', 'UK and EU only')],
    [
      t('home.spec.payment', 'Payment terms'),
      t('home.spec.paymentValue', '{percent}% deposit, balance due before dispatch', { percent: DEPOSIT_PERCENT }),
    ],
    [
      t('home.spec.delivery', 'Delivery terms'),
      t('home.spec.deliveryValue', 'DDP for UK customers, DAP for international'),
    ],
    [t('home.spec.leadTime', 'Lead time'), t('home.spec.leadTimeValue', 'Depends on batch and order date')],
  ];
  return (
    <section aria-labelledby="specifications-title" className="below-the-fold bg-navy-50 py-20 md:py-28">
      <Container className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <SectionHeading
            id="specifications-title"
            eyebrow={t('home.spec.eyebrow', 'Specifications')}
            title={t('home.spec.title', 'Built for the bench and the hood')}
          >
            <p>
              {t(
                'home.spec.lead',
                'Small enough for a biosafety cabinet, precise enough for your most sensitive samples.',
              )}
            </p>
          </SectionHeading>
          <img
            src="/media/instrument-front.svg"
            alt={t('home.spec.image', 'Dropwise instrument, front view')}
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
