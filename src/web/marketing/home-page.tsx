import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { homePath, languageOfPath } from '../i18n/language';
import { useT } from '../i18n/use-t';
import { PageHead } from '../lib/page-head';
import { usePublicOrigin } from '../lib/public-origin';
import { ConsistencySection } from './consistency-section';
import { CtaSection } from './cta-section';
import { FaqSection } from './faq-section';
import { FeatureSection } from './feature-section';
import { usePublicSettings } from '../lib/get-public-settings';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { ProductivitySection } from './productivity-section';
import { SpecificationsSection } from './specifications-section';
import { homeStructuredData } from './structured-data';

/** The product page: the nine sections of storefront spec section 2, in order. */
export function HomePage() {
  const origin = usePublicOrigin();
  const settings = usePublicSettings();
  const { t, language } = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The home page has an address per language (/, /de, /fr, prerendered in each): a language picked on
  // it, or kept from an earlier visit, moves the buyer to that language's address.
  useEffect(() => {
    const here = languageOfPath(pathname) ?? 'en';
    if (here !== language) void navigate(homePath(language), { replace: true });
  }, [language, pathname, navigate]);
  return (
    <>
      <PageHead
        // The English is defaultHead's, word for word (home-page.test.tsx holds them equal).
        title={t('home.head.title', 'Dropwise | Sterile, controlled-rate drop-wise addition')}
        description={t(
          'home.head.description',
          'A benchtop instrument for sterile, controlled-rate, drop-wise addition of media with integrated mixing. Configure yours, get a quote and order online.',
        )}
        path={homePath(language)}
        // Prerendered only: the blocks are in the page's HTML for crawlers, and their code stays out of
        // the browser's first load (the home page's JavaScript budget).
        jsonLd={import.meta.env.SSR ? homeStructuredData(origin) : undefined}
      />
      <HeroSection videos={settings.videos} />
      <ConsistencySection videos={settings.videos} />
      <FeatureSection
        id="workflow-title"
        eyebrow={t('home.workflow.eyebrow', 'Fits in your existing workflow')}
        title={t('home.workflow.title', 'Sits where the work already happens')}
        lead={t(
          'home.workflow.lead',
          'A compact footprint for the bench or the biosafety cabinet, set up from its own display in minutes. Your protocol stays the same; only the tedious part changes hands.',
        )}
        points={[
          t('home.workflow.point1', 'Footprint of 210 × 100 mm, 1.5 kg: moves between cabinets with one hand'),
          t('home.workflow.point2', 'Runs from a 24 V mains adaptor; no computer or software needed'),
          t('home.workflow.point3', 'Rate from 0.5 to 15 mL/min and mixing from 0 to 1500 RPM set on the OLED display'),
          t('home.workflow.point4', 'Learned in about 10 minutes'),
        ]}
        image={{
          src: '/media/workflow-cabinet.svg',
          alt: t('home.workflow.image', 'The instrument on the work surface of a biosafety cabinet, beside tube racks'),
          width: 640,
          height: 480,
        }}
        tinted
      />
      <FeatureSection
        id="consumables-title"
        eyebrow={t('home.consumables.eyebrow', 'Works with existing sterile consumables')}
        title={t('home.consumables.title', 'No proprietary cartridges to buy')}
        lead={t(
          'home.consumables.lead',
          'The instrument takes the standard sterile syringes and sample containers your lab already stocks, so nothing changes in purchasing and nothing new touches your samples.',
        )}
        points={[
          t('home.consumables.point1', 'Standard 3 mL and 6 mL syringes, up to 6 mL per addition'),
          t('home.consumables.point2', 'Several sample containers supported, with adaptors chosen in the configurator'),
          t('home.consumables.point3', 'Single-use consumables keep every addition sterile'),
        ]}
        image={{
          src: '/media/consumables.svg',
          alt: t('home.consumables.image', 'Standard sterile 3 mL and 6 mL syringes and sample tubes'),
          width: 640,
          height: 480,
        }}
        imageFirst
      />
      <ProductivitySection />
      <HowItWorksSection />
      <SpecificationsSection warrantyMonths={settings.defaultProductWarranty} />
      <FaqSection quoteValidityDays={settings.autoQuoteExpiry} warrantyMonths={settings.defaultProductWarranty} />
      <CtaSection />
    </>
  );
}
