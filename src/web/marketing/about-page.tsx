import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { company } from '../../shared/company';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageIntro } from './page-intro';
import { profileAddressLines } from '../../shared/business-profile';
import { publicProfile } from '../lib/public-profile';
import { type PageText, useT } from '../i18n/use-t';

const valuesIn = ({ t }: PageText) => [
  {
    title: t('about.value1.title', 'Precision first'),
    text: t(
      'about.value1.text',
      'We design for repeatability: the same rate, the same mixing, the same result, sample after sample.',
    ),
  },
  {
    title: t('about.value2.title', 'Made for real labs'),
    text: t(
      'about.value2.text',
      'Our instruments use the consumables you already stock and fit the space you already have.',
    ),
  },
  {
    title: t('about.value3.title', 'Close to our users'),
    text: t(
      'about.value3.text',
      'We build with working scientists and answer every enquiry ourselves, within a working day.',
    ),
  },
];

export function AboutPage() {
  const text = useT();
  const { t, language } = text;
  const profile = publicProfile();
  const place = {
    name: profile.tradingName,
    year: profile.foundedYear,
    city: profile.tradingAddress.city,
    country: profile.tradingAddress.country,
  };
  const registeredIn =
    language === 'de' ? profile.registeredInDe : language === 'fr' ? profile.registeredInFr : profile.registeredIn;
  const values = valuesIn(text);
  return (
    <>
      <PageHead
        title={t('about.head.title', 'About us | {name}', place)}
        description={t(
          'about.head.description',
          '{name} is a laboratory automation company founded in {year} in {city}, {country}, making the Dropwise benchtop instrument for controlled-rate media addition.',
          place,
        )}
      />
      <PageIntro
        eyebrow={t('about.eyebrow', 'About us')}
        title={t('about.title', 'Laboratory automation, made by people who have done the work by hand')}
      >
        <p>
          {t(
            'about.intro',
            '{name} was founded in {year} in {city}, {country}, to take the slow, repetitive and error-prone steps out of cell and sample preparation, starting with drop-wise addition of media.',
            place,
          )}
        </p>
      </PageIntro>
      <Container className="grid gap-12 py-16 md:py-20 lg:grid-cols-12">
        <div className="space-y-5 text-lg leading-relaxed text-navy-800 lg:col-span-7">
          <h2 className="text-2xl font-semibold tracking-tight text-navy-900">{t('about.why', 'Why we exist')}</h2>
          <p>
            {t(
              'about.why1',
              'Adding a cryoprotectant or a concentrated medium drop by drop is a common step in many protocols. Done by hand it takes minutes of careful attention per sample, and the result depends on who holds the syringe.',
            )}
          </p>
          <p>
            {t(
              'about.why2',
              'Our first instrument, {product}, does that step at a controlled rate while mixing, inside the biosafety cabinet, with the sterile syringes labs already use. In our internal trial it was 73% more consistent than manual addition.',
              { product: company.productName },
            )}
          </p>
          <p>
            {t(
              'about.why3',
              'Beyond our own product, we design custom automation and OEM instruments for partners in life sciences and diagnostics.',
            )}
          </p>
          <div className="flex flex-wrap gap-3 pt-2">
            <Button asChild>
              <Link to="/configure">
                {t('nav.configure', 'Configure Now')} <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/automation">{t('nav.automation', 'Custom Automation')}</Link>
            </Button>
          </div>
        </div>
        <aside className="lg:col-span-5">
          <dl className="divide-y divide-navy-100 rounded-2xl border border-navy-100 bg-navy-50">
            {[
              [t('about.founded', 'Founded'), profile.foundedYear],
              [t('about.basedIn', 'Based in'), profileAddressLines(profile.tradingAddress).join(', ')],
              [
                t('about.company', 'Company'),
                t('about.companyValue', '{legalName}, registered in {registeredIn}, number {companyNumber}', {
                  legalName: profile.legalName,
                  registeredIn,
                  companyNumber: profile.companyNumber,
                }),
              ],
              [t('about.sellsTo', 'Sells to'), t('about.sellsToValue', 'The UK and the EU')],
            ].map(([term, value]) => (
              <div key={term} className="px-6 py-4">
                <dt className="text-sm font-medium text-navy-600">{term}</dt>
                <dd className="mt-1 text-navy-900">{value}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </Container>
      <section aria-labelledby="values-title" className="below-the-fold bg-navy-50 py-16 md:py-20">
        <Container>
          <h2 id="values-title" className="text-2xl font-semibold tracking-tight text-navy-900">
            {t('about.values', 'What we care about')}
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {values.map((value) => (
              <li key={value.title} className="rounded-xl border border-navy-100 bg-white p-6">
                <h3 className="font-semibold text-navy-900">{value.title}</h3>
                <p className="mt-2 leading-relaxed text-navy-700">{value.text}</p>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </>
  );
}
