import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router';
import { company } from '../../shared/company';
import type { PublicSettings } from '../../shared/public-settings';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { LoopingVideo } from './looping-video';
import { WatchVideoButton } from './watch-video-button';
import heroPosterInline from '../public/media/hero-instrument.svg?inline';
import { publicProfile } from '../lib/public-profile';
import { useT } from '../i18n/use-t';

export const contactSalesHref = () =>
  `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent(`${company.productName} enquiry`)}`;

export function HeroSection({ videos }: { videos: PublicSettings['videos'] }) {
  const { t, money } = useT();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden border-b border-navy-100 bg-gradient-to-b from-navy-50 to-white"
    >
      <Container className="grid items-center gap-12 py-16 md:py-20 lg:grid-cols-12 lg:py-24">
        <div className="lg:col-span-6">
          <p className="inline-flex items-center gap-2 rounded-full border border-accent-200 bg-white px-3 py-1 text-sm font-medium text-accent-800">
            <span aria-hidden="true" className="size-2 rounded-full bg-accent-500" />
            {t('home.hero.badge', 'Benchtop media addition with mixing')}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-semibold tracking-tight text-balance text-navy-900 md:text-5xl lg:text-[3.25rem] lg:leading-[1.1]"
          >
            {t('company.tagline', 'Sterile, controlled-rate, drop-wise addition of media, hands-free.')}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-navy-700">
            {t(
              'home.hero.lead',
              '{product} adds media to your samples drop by drop at a set rate from 0.5 to 15 mL/min while it mixes, so every sample gets the same gentle treatment and your team gets its time back.',
              { product: company.productName },
            )}
          </p>
          <p className="mt-8 flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <span className="text-sm font-medium uppercase tracking-wide text-navy-600">
              {t('home.hero.from', 'From')}
            </span>
            <span className="tabular text-3xl font-semibold text-navy-900">
              {money(company.startingPrice.GBP, 'GBP')} / {money(company.startingPrice.EUR, 'EUR')}
            </span>
            <span className="text-sm text-navy-600">{t('home.hero.exVat', 'excluding VAT')}</span>
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/configure">
                {t('nav.configure', 'Configure Now')} <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </Button>
            <Button asChild variant="navy">
              <a href={contactSalesHref()}>
                <Mail aria-hidden="true" className="size-4" /> {t('home.contactSales', 'Contact Sales')}
              </a>
            </Button>
            <WatchVideoButton videos={videos} />
          </div>
        </div>
        <div className="lg:col-span-6">
          <LoopingVideo
            src={videos.heroLoopUrl}
            poster="/media/hero-instrument.svg"
            prerenderedPoster={import.meta.env.SSR ? heroPosterInline : undefined}
            alt={t(
              'home.hero.image',
              'The Dropwise instrument: a syringe in its holder above a sample tube on the mixing stage',
            )}
            width={960}
            height={720}
            priority
            className="rounded-2xl border border-navy-100 shadow-xl shadow-navy-900/5"
          />
        </div>
      </Container>
    </section>
  );
}
