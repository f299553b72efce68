import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS } from '../../shared/terms';
import { useT } from '../i18n/use-t';
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
  const { t } = useT();
  const questions: readonly { question: string; answer: ReactNode }[] = [
    {
      question: t('home.faq.what', 'What does the instrument do?'),
      answer: t(
        'home.faq.whatAnswer',
        'It adds liquid from a syringe to your sample drop by drop at a controlled rate, between 0.5 and 15 mL/min, while mixing the sample at up to 1500 RPM. It is made for sterile work such as cryoprotectant or media addition to cells.',
      ),
    },
    {
      question: t('home.faq.syringes', 'Which syringes and containers can I use?'),
      answer: t(
        'home.faq.syringesAnswer',
        'Standard sterile 3 mL and 6 mL syringes, the ones you already buy, and several common sample containers. Adaptors for your tubes are chosen in the configurator.',
      ),
    },
    {
      question: t('home.faq.cabinet', 'Can it be used inside a biosafety cabinet?'),
      answer: t(
        'home.faq.cabinetAnswer',
        'Yes. It measures 210 × 100 × 300 mm, weighs 1.5 kg and runs from a 24 V mains adaptor, so it sits on the work surface of a standard cabinet.',
      ),
    },
    {
      question: t('home.faq.training', 'How long does training take?'),
      answer: t(
        'home.faq.trainingAnswer',
        'About 10 minutes. Everything is set from the instrument’s OLED display; there is no software to install.',
      ),
    },
    {
      question: t('home.faq.ship', 'Where do you ship?'),
      answer: (
        <>
          {t(
            'home.faq.shipAnswer',
            'To the UK and the EU. UK prices include VAT and are delivered duty paid (DDP); EU prices exclude VAT and duties and are delivered at place (DAP). Sales to the USA are not open yet: you can join the waitlist in the configurator. From other countries, configure using the UK option and',
          )}{' '}
          <a className="font-medium text-accent-700 underline" href={`mailto:${publicProfile().salesEmail}`}>
            {t('home.faq.shipContact', 'contact sales')}
          </a>
          .
        </>
      ),
    },
    {
      question: t('home.faq.pay', 'How do I pay?'),
      // The terms' own sentences in English (issue 38, held equal by faq-section.test.tsx): the deposit is
      // invoiced on confirmation, not due on ordering.
      answer: t(
        'home.faq.payAnswer',
        'A {percent}% deposit is invoiced on our written confirmation, payable within {days} days. The balance is invoiced when the instrument is ready and is due before dispatch. You pay by bank transfer; card payment is coming soon.',
        { percent: DEPOSIT_PERCENT, days: PAYMENT_DAYS },
      ),
    },
    {
      question: t('home.faq.quote', 'Can I get a quote for my purchasing department?'),
      answer: (
        <>
          {t('home.faq.quoteYes', 'Yes.')}{' '}
          <Link className="font-medium text-accent-700 underline" to="/configure">
            {t('home.faq.quoteConfigure', 'Configure your instrument')}
          </Link>{' '}
          {t('home.faq.quoteAnswer', 'and generate a shareable quote with a PDF. A quote is valid for {days} days.', {
            days: quoteValidityDays,
          })}
        </>
      ),
    },
    {
      question: t('home.faq.warranty', 'What warranty comes with it?'),
      answer: t(
        'home.faq.warrantyAnswer',
        '{months} months from delivery as standard. Servicing plans of one, two or three years extend the warranty to match, and servicing can be added later.',
        { months: warrantyMonths },
      ),
    },
  ];
  return (
    <section aria-labelledby="faq-title" className="below-the-fold py-20 md:py-28">
      <Container className="grid gap-12 lg:grid-cols-12">
        <div className="lg:col-span-4">
          <SectionHeading
            id="faq-title"
            eyebrow={t('home.faq.eyebrow', 'FAQ')}
            title={t('home.faq.title', 'Commonly Asked Questions')}
          >
            <p>
              {t('home.faq.writeTo', 'Something else on your mind? Write to')}{' '}
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
