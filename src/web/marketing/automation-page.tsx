import { Cog, Cpu, FlaskConical, LifeBuoy, Mail } from 'lucide-react';
import { company } from '../../shared/company';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { PageIntro } from './page-intro';
import { publicProfile } from '../lib/public-profile';

const services = [
  {
    icon: Cog,
    title: 'Custom laboratory automation',
    text: 'Bespoke instruments and fixtures that automate a manual step of your protocol, from a bench-top prototype to a validated tool your team uses every day.',
  },
  {
    icon: Cpu,
    title: 'OEM design',
    text: 'Fluidics, motion control, electronics and firmware designed for your product, built to the standards your market needs and ready for production.',
  },
  {
    icon: LifeBuoy,
    title: 'Consulting and support',
    text: 'Feasibility studies, design reviews and hands-on support for labs and companies planning automation, and long-term support once it is running.',
  },
] as const;

const industries = [
  'Cell and gene therapy',
  'Biobanking and cryopreservation',
  'Pharmaceutical and biotech R&D',
  'Academic and clinical research',
  'Diagnostics',
  'Reproductive medicine',
] as const;

const process = [
  ['Discover', 'We learn your protocol, volumes, throughput and constraints.'],
  ['Design', 'We propose a concept, a plan and a fixed price for the first build.'],
  ['Build and test', 'We build, test against your acceptance criteria and iterate with you.'],
  ['Support', 'We document, train your team and support the system in use.'],
] as const;

export function AutomationPage() {
  const enquiryHref = `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent('Custom automation enquiry')}`;
  return (
    <>
      <PageHead
        title={`Custom Automation and OEM Design | ${publicProfile().tradingName}`}
        description={`${publicProfile().tradingName} designs custom laboratory automation and OEM instruments, and offers consulting and support for life-science and diagnostics labs.`}
      />
      <PageIntro eyebrow="Custom Automation" title="Automation designed around your protocol">
        <p>
          The engineering behind {company.productName} is available for your project: custom laboratory automation, OEM
          instrument design, and consulting and support.
        </p>
        <Button asChild className="mt-8">
          <a href={enquiryHref}>
            <Mail aria-hidden="true" className="size-4" /> Discuss your project
          </a>
        </Button>
      </PageIntro>
      <Container className="py-16 md:py-20">
        <h2 className="text-2xl font-semibold tracking-tight text-navy-900">Services</h2>
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
      <section aria-labelledby="industries-title" className="bg-navy-50 py-16 md:py-20">
        <Container className="grid gap-10 lg:grid-cols-12">
          <div className="lg:col-span-5">
            <h2 id="industries-title" className="text-2xl font-semibold tracking-tight text-navy-900">
              Industries served
            </h2>
            <p className="mt-3 leading-relaxed text-navy-700">
              We work with laboratories and companies where sample handling has to be precise, sterile and repeatable.
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
        <h2 className="text-2xl font-semibold tracking-tight text-navy-900">How a project runs</h2>
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
