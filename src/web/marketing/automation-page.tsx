import { Cog, Cpu, FlaskConical, LifeBuoy, Mail } from 'lucide-react';
import { company } from '../../shared/company';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageIntro } from './page-intro';
import { publicProfile } from '../lib/public-profile';
import { type PageText, useT } from '../i18n/use-t';

const servicesIn = ({ t }: PageText) => [
  {
    icon: Cog,
    title: t('automation.custom', 'Custom laboratory automation'),
    text: t(
      'automation.customText',
      'Bespoke instruments and fixtures that automate a manual step of your protocol, from a bench-top prototype to a validated tool your team uses every day.',
    ),
  },
  {
    icon: Cpu,
    title: t('automation.oem', 'OEM design'),
    text: t(
      'automation.oemText',
      'Fluidics, motion control, electronics and firmware designed for your product, built to the standards your market needs and ready for production.',
    ),
  },
  {
    icon: LifeBuoy,
    title: t('automation.consulting', 'Consulting and support'),
    text: t(
      'automation.consultingText',
      'Feasibility studies, design reviews and hands-on support for labs and companies planning automation, and long-term support once it is running.',
    ),
  },
];

const industriesIn = ({ t }: PageText) => [
  t('automation.industry1', 'Cell and gene therapy'),
  t('automation.industry2', 'Biobanking and cryopreservation'),
  t('automation.industry3', 'Pharmaceutical and biotech R&D'),
  t('automation.industry4', 'Academic and clinical research'),
  t('automation.industry5', 'Diagnostics'),
  t('automation.industry6', 'Reproductive medicine'),
];

const processIn = ({ t }: PageText) =>
  [
    [
      t('automation.discover', 'Discover'),
      t('automation.discoverText', 'We learn your protocol, volumes, throughput and constraints.'),
    ],
    [
      t('automation.design', 'Design'),
      t('automation.designText', 'We propose a concept, a plan and a fixed price for the first build.'),
    ],
    [
      t('automation.build', 'Build and test'),
      t('automation.buildText', 'We build, test against your acceptance criteria and iterate with you.'),
    ],
    [
      t('automation.support', 'Support'),
      t('automation.supportText', 'We document, train your team and support the system in use.'),
    ],
  ] as const;

export function AutomationPage() {
  const text = useT();
  const { t } = text;
  const services = servicesIn(text);
  const industries = industriesIn(text);
  const process = processIn(text);
  const enquiryHref = `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent(t('automation.subject', 'Custom automation enquiry'))}`;
  return (
    <>
      <PageHead
        title={t('automation.head.title', 'Custom Automation and OEM Design | {name}', {
          name: publicProfile().tradingName,
        })}
        description={t(
          'automation.head.description',
          '{name} designs custom laboratory automation and OEM instruments, and offers consulting and support for life-science and diagnostics labs.',
          { name: publicProfile().tradingName },
        )}
      />
      <PageIntro
        eyebrow={t('nav.automation', 'Custom Automation')}
        title={t('automation.title', 'Automation designed around your protocol')}
      >
        <p>
          {t(
            'automation.intro',
            'The engineering behind {product} is available for your project: custom laboratory automation, OEM instrument design, and consulting and support.',
            { product: company.productName },
          )}
        </p>
        <Button asChild className="mt-8">
          <a href={enquiryHref}>
            <Mail aria-hidden="true" className="size-4" /> {t('automation.discuss', 'Discuss your project')}
          </a>
        </Button>
      </PageIntro>
      <Container className="py-16 md:py-20">
        <h2 className="text-2xl font-semibold tracking-tight text-navy-900">{t('automation.services', 'Services')}</h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {services.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-navy-100 bg-white p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-navy-900">{title}</h3>
              <p className="mt-2 leading-relaxed text-navy-700">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
      <section aria-labelledby="industries-title" className="below-the-fold bg-navy-50 py-16 md:py-20">
        <Container className="grid gap-10 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <h2 id="industries-title" className="text-2xl font-semibold tracking-tight text-navy-900">
              {t('automation.industries', 'Industries served')}
            </h2>
            <p className="mt-3 leading-relaxed text-navy-700">
              {t(
                'automation.industriesText',
                'We work with laboratories and companies where sample handling has to be precise, sterile and repeatable.',
              )}
            </p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 lg:col-span-7">
            {industries.map((industry) => (
              <li
                key={industry}
                className="flex items-center gap-3 rounded-lg border border-navy-100 bg-white px-4 py-3 text-navy-900"
              >
                <FlaskConical aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
                {industry}
              </li>
            ))}
          </ul>
        </Container>
      </section>
      <Container className="py-16 md:py-20">
        <h2 className="text-2xl font-semibold tracking-tight text-navy-900">
          {t('automation.process', 'How a project runs')}
        </h2>
        <ol className="mt-8 grid gap-6 md:grid-cols-4">
          {process.map(([title, text], index) => (
            <li key={title} className="border-t-2 border-accent-500 pt-4">
              <p className="text-sm font-semibold text-accent-700">0{index + 1}</p>
              <h3 className="mt-1 font-semibold text-navy-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-navy-700">{text}</p>
            </li>
          ))}
        </ol>
      </Container>
    </>
  );
}
