import type { PublicSettings } from '../../shared/public-settings';
import { Container } from '../ui/container';
import { ConsistencyChart } from './consistency-chart';
import { LoopingVideo } from './looping-video';
import { SectionHeading } from './section-heading';
import { useT } from '../i18n/use-t';

export function ConsistencySection({ videos }: { videos: PublicSettings['videos'] }) {
  const { t } = useT();
  return (
    <section aria-labelledby="consistency-title" className="below-the-fold py-20 md:py-28">
      <Container>
        <SectionHeading
          id="consistency-title"
          eyebrow={t('home.consistency.eyebrow', 'Reduce inconsistency')}
          title={t('home.consistency.title', 'The same addition, every time, whoever is at the bench')}
        >
          <p>
            {t(
              'home.consistency.lead',
              'By hand, the rate of addition drifts with the person, the syringe and the day. The instrument holds the rate you set, so osmotic change is steady and samples are comparable.',
            )}
          </p>
        </SectionHeading>
        <div className="mt-12 grid gap-6 md:grid-cols-2">
          <figure>
            <LoopingVideo
              src={videos.manualAdditionUrl}
              poster="/media/manual-addition-poster.svg"
              alt={t(
                'home.consistency.manualImage',
                'Manual addition: media added by hand from a syringe, with an uneven rate',
              )}
              width={800}
              height={450}
              className="rounded-xl border border-navy-100"
            />
            <figcaption className="mt-3 text-sm text-navy-700">
              <span className="font-semibold text-navy-900">{t('home.consistency.manual', 'Manual.')}</span>{' '}
              {t('home.consistency.manualText', 'Rate set by hand and eye.')}
            </figcaption>
          </figure>
          <figure>
            <LoopingVideo
              src={videos.automatedAdditionUrl}
              poster="/media/automated-addition-poster.svg"
              alt={t(
                'home.consistency.automatedImage',
                'Automated addition: the instrument adds media at a steady rate while mixing',
              )}
              width={800}
              height={450}
              className="rounded-xl border border-navy-100"
            />
            <figcaption className="mt-3 text-sm text-navy-700">
              <span className="font-semibold text-navy-900">{t('home.consistency.automated', 'Automated.')}</span>{' '}
              {t('home.consistency.automatedText', 'Rate held by the instrument, with mixing.')}
            </figcaption>
          </figure>
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-12">
          <div className="lg:col-span-8">
            <ConsistencyChart />
          </div>
          <dl className="grid gap-4 sm:grid-cols-3 lg:col-span-4 lg:grid-cols-1">
            <div className="flex flex-col justify-center rounded-xl border border-navy-100 bg-white p-5">
              <dt className="text-sm text-navy-700">{t('home.consistency.manualAddition', 'Manual addition')}</dt>
              <dd className="tabular mt-1 text-2xl font-semibold text-navy-900">±25 mOsm/kg/s</dd>
            </div>
            <div className="flex flex-col justify-center rounded-xl border border-navy-100 bg-white p-5">
              <dt className="text-sm text-navy-700">{t('home.consistency.withInstrument', 'With the instrument')}</dt>
              <dd className="tabular mt-1 text-2xl font-semibold text-navy-900">
                {t('home.consistency.instrumentSpread', '±6.6 mOsm/kg/s')}
              </dd>
            </div>
            <div className="flex flex-col justify-center rounded-xl bg-navy-900 p-5 text-white">
              <dt className="text-sm text-navy-100">{t('home.consistency.consistency', 'Consistency')}</dt>
              <dd className="tabular mt-1 text-2xl font-semibold">
                {t('home.consistency.moreConsistent', '73% more consistent')}
                <sup className="text-base">*</sup>
              </dd>
            </div>
          </dl>
        </div>
        <p className="mt-6 max-w-3xl text-sm text-navy-600">
          *{' '}
          {t(
            'home.consistency.footnote',
            'Internal trial: 2.5 mL water plus 2.5 mL 50% NaCl added over 3 minutes, manually and with the instrument; variation of the rate of osmolality change, in mOsm/kg/s.',
          )}
        </p>
      </Container>
    </section>
  );
}
