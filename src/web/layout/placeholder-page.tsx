import { PageHead } from '../lib/page-head';
import { Container } from '../ui/container';

/** A page whose feature is still being built. */
export function PlaceholderPage({ title, noindex = false }: { title: string; noindex?: boolean }) {
  return (
    <Container className="py-24">
      <PageHead
        title={`${title} | Dropwise`}
        description={`${title}: this part of the Dropwise shop is coming soon.`}
        noindex={noindex}
      />
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-4 text-navy-700">Coming soon.</p>
    </Container>
  );
}
