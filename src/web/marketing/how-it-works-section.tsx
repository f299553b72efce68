import { Container } from '../ui/container';
import { SectionHeading } from './section-heading';

const steps = [
  {
    title: 'Prepare syringe',
    text: 'Draw your media into a standard sterile 3 mL or 6 mL syringe.',
    image: 'Prepare the syringe: draw the media into a sterile syringe',
  },
  {
    title: 'Load sample',
    text: 'Place the sample tube on the mixing stage.',
    image: 'Load the sample tube onto the mixing stage',
  },
  {
    title: 'Mount syringe',
    text: 'Clip the syringe into the holder above the sample.',
    image: 'Mount the syringe in the holder above the sample',
  },
  {
    title: 'Start automated addition',
    text: 'Set the rate and mixing speed on the display and press start.',
    image: 'Start the automated addition at the set rate with mixing',
  },
  {
    title: 'Done',
    text: 'The addition finishes on its own; your sample is ready.',
    image: 'Done: the sample is ready, no hands on the syringe',
  },
] as const;

export function HowItWorksSection() {
  return (
    <section aria-labelledby="how-title" className="py-20 md:py-28">
      <Container>
        <SectionHeading
          id="how-title"
          eyebrow="How does it work"
          title="Five steps, about ten minutes to learn"
          align="center"
        >
          <p>No software to install and no method files: the instrument is set up from its own display.</p>
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
                <p className="text-sm font-semibold text-accent-700 sm:mt-4">Step {index + 1}</p>
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
