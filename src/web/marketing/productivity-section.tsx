import { Container } from '../ui/container';
import { RoiCalculator } from './roi-calculator';
import { SectionHeading } from './section-heading';
import { useT } from '../i18n/use-t';

export function ProductivitySection() {
  const { t } = useT();
  return (
    <section aria-labelledby="productivity-title" className="below-the-fold bg-navy-50 py-20 md:py-28">
      <Container>
        <SectionHeading
          id="productivity-title"
          eyebrow={t('home.productivity.eyebrow', 'Maximise team productivity')}
          title={t('home.productivity.title', 'Give your scientists their hours back')}
        >
          <p>
            {t(
              'home.productivity.lead',
              'A slow manual addition ties a person to the bench for minutes at a time. Set the instrument running, walk away, and come back to a finished sample. Move the sliders to see what that is worth to your lab.',
            )}
          </p>
        </SectionHeading>
        <div className="mt-12">
          <RoiCalculator />
        </div>
      </Container>
    </section>
  );
}
