import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS, balanceSentence, depositSentence } from '../../shared/terms';
import { Container } from '../ui/container';
import { SectionHeading } from './section-heading';
import { publicProfile } from '../lib/public-profile';

/**
 * Commonly Asked Questions as an exclusive accordion: native <details> elements sharing a name,
 * so the browser keeps one open at a time, each can be closed again, and no script is needed.
 */
export function FaqSection({
  quoteValidityDays,
  warrantyMonths,
}: {
  quoteValidityDays: number;
  warrantyMonths: number;
}) {
  const questions: readonly { question: string; answer: ReactNode }[] = [
    {
      question: 'What does the instrument do?',
      answer:
        'It adds liquid from a syringe to your sample drop by drop at a controlled rate, between 0.5 and 15 mL/min, while mixing the sample at up to 1500 RPM. It is made for sterile work such as cryoprotectant or media addition to cells.',
    },
    {
      question: 'Which syringes and containers can I use?',
      answer:
        'Standard sterile 3 mL and 6 mL syringes, the ones you already buy, and several common sample containers. Adaptors for your tubes are chosen in the configurator.',
    },
    {
      question: 'Can it be used inside a biosafety cabinet?',
      answer:
        'Yes. It measures 210 × 100 × 300 mm, weighs 1.5 kg and runs from a 24 V mains adaptor, so it sits on the work surface of a standard cabinet.',
    },
    {
      question: 'How long does training take?',
      answer:
        'About 10 minutes. Everything is set from the instrument’s OLED display; there is no software to install.',
    },
    {
      question: 'Where do you ship?',
      answer: (
        <>
          To the UK and the EU. UK prices include VAT and are delivered duty paid (DDP); EU prices exclude VAT and
          duties and are delivered at place (DAP). Sales to the USA are not open yet: you can join the waitlist in the
          configurator. From other countries, configure using the UK option and{' '}
          <a className="font-medium text-accent-700 underline" href={`mailto:${publicProfile().salesEmail}`}>
            contact sales
          </a>
          .
        </>
      ),
    },
    {
      question: 'How do I pay?',
      // The terms' own sentences (issue 38): the deposit is invoiced on confirmation, not due on ordering.
      answer: `${depositSentence({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })} ${balanceSentence} You pay by bank transfer; card payment is coming soon.`,
    },
    {
      question: 'Can I get a quote for my purchasing department?',
      answer: (
        <>
          Yes.{' '}
          <Link className="font-medium text-accent-700 underline" to="/configure">
            Configure your instrument
          </Link>{' '}
          and generate a shareable quote with a PDF. A quote is valid for {quoteValidityDays} days.
        </>
      ),
    },
    {
      question: 'What warranty comes with it?',
      answer: `${warrantyMonths} months from delivery as standard. Servicing plans of one, two or three years extend the warranty to match, and servicing can be added later.`,
    },
  ];
  return (
    <section aria-labelledby="faq-title" className="py-20 md:py-28">
      <Container className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <SectionHeading id="faq-title" eyebrow="FAQ" title="Commonly Asked Questions">
            <p>
              Something else on your mind? Write to{' '}
              <a className="font-medium text-accent-700 underline" href={`mailto:${publicProfile().salesEmail}`}>
                {publicProfile().salesEmail}
              </a>
              .
            </p>
          </SectionHeading>
        </div>
        <div className="divide-y divide-navy-100 rounded-2xl border border-navy-100 lg:col-span-8">
          {questions.map((item) => (
            <details key={item.question} name="faq" className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-navy-900 hover:bg-navy-50 sm:px-6 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-navy-600 transition-transform group-open:rotate-180"
                />
              </summary>
              <div className="px-5 pb-5 leading-relaxed text-navy-700 sm:px-6">{item.answer}</div>
            </details>
          ))}
        </div>
      </Container>
    </section>
  );
}
