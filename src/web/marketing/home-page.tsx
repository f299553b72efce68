import { PageHead } from '../lib/page-head';
import { usePublicOrigin } from '../lib/public-origin';
import { defaultHead } from '../lib/head-tags';
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
  return (
    <>
      <PageHead
        title={defaultHead.title}
        description={defaultHead.description}
        path="/"
        // Prerendered only: the blocks are in the page's HTML for crawlers, and their code stays out of
        // the browser's first load (the home page's JavaScript budget).
        jsonLd={import.meta.env.SSR ? homeStructuredData(origin) : undefined}
      />
      <HeroSection videos={settings.videos} />
      <ConsistencySection videos={settings.videos} />
      <FeatureSection
        id="workflow-title"
        eyebrow="Fits in your existing workflow"
        title="Sits where the work already happens"
        lead="A compact footprint for the bench or the biosafety cabinet, set up from its own display in minutes. Your protocol stays the same; only the tedious part changes hands."
        points={[
          'Footprint of 210 × 100 mm, 1.5 kg: moves between cabinets with one hand',
          'Runs from a 24 V mains adaptor; no computer or software needed',
          'Rate from 0.5 to 15 mL/min and mixing from 0 to 1500 RPM set on the OLED display',
          'Learned in about 10 minutes',
        ]}
        image={{
          src: '/media/workflow-cabinet.svg',
          alt: 'The instrument on the work surface of a biosafety cabinet, beside tube racks',
          width: 640,
          height: 480,
        }}
        tinted
      />
      <FeatureSection
        id="consumables-title"
        eyebrow="Works with existing sterile consumables"
        title="No proprietary cartridges to buy"
        lead="The instrument takes the standard sterile syringes and sample containers your lab already stocks, so nothing changes in purchasing and nothing new touches your samples."
        points={[
          'Standard 3 mL and 6 mL syringes, up to 6 mL per addition',
          'Several sample containers supported, with adaptors chosen in the configurator',
          'Single-use consumables keep every addition sterile',
        ]}
        image={{
          src: '/media/consumables.svg',
          alt: 'Standard sterile 3 mL and 6 mL syringes and sample tubes',
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
