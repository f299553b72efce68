import { Container } from '../ui/container';
import { SectionHeading } from './section-heading';
import { type PageText, useT } from '../i18n/use-t';

const stepsIn = ({ t }: PageText) => [
  {
    title: t('home.how.step1.title', 'Prepare syringe'),
    text: t('home.how.step1.text', 'Draw your media into a standard sterile 3 mL or 6 mL syringe.'),
    image: t('home.how.step1.image', 'Prepare the syringe: draw the media into a sterile syringe'),
  },
  {
    title: t('home.how.step2.title', 'Load sample'),
    text: t('home.how.step2.text', 'Place the sample tube on the mixing stage.'),
    image: t('home.how.step2.image', 'Load the sample tube onto the mixing stage'),
  },
  {
    title: t('home.how.step3.title', 'Mount syringe'),
    text: t('home.how.step3.text', 'Clip the syringe into the holder above the sample.'),
    image: t('home.how.step3.image', 'Mount the syringe in the holder above the sample'),
  },
  {
    title: t('home.how.step4.title', 'Start automated addition'),
    text: t('home.how.step4.text', 'Set the rate and mixing speed on the display and press start.'),
    image: t('home.how.step4.image', 'Start the automated addition at the set rate with mixing'),
  },
  {
    title: t('home.how.step5.title', 'Done'),
    text: t('home.how.step5.text', 'The addition finishes on its own; your sample is ready.'),
    image: t('home.how.step5.image', 'Done: the sample is ready, no hands on the syringe'),
  },
];

export function HowItWorksSection() {
  const text = useT();
  const { t } = text;
  const steps = stepsIn(text);
  return (
    <section aria-labelledby="how-title" className="below-the-fold py-20 md:py-28">
      <Container>
        <SectionHeading
          id="how-title"
          eyebrow={t('home.how.eyebrow', 'How does it work')}
          title={t('home.how.title', 'Five steps, about ten minutes to learn')}
          align="center"
        >
          <p>
            {t(
              'home.how.lead',
              'No software to install and no method files: the instrument is set up from its own display.',
            )}
          </p>
        </SectionHeading>
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-xl border border-navy-100 bg-white p-4 sm:flex-col sm:gap-0"
            >
              <img
                src={`/media/step-${index + 1}.svg`}
                alt={step.image}
                width={320}
                height={240}
                loading="lazy"
                decoding="async"
                className="h-auto w-28 shrink-0 self-start rounded-lg sm:w-full"
              />
              <div>
                <p className="text-sm font-semibold text-accent-700 sm:mt-4">
                  {t('home.how.step', 'Step {n}', { n: index + 1 })}
                </p>
                <h3 className="mt-1 font-semibold text-navy-900">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-navy-700">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
