import { Mail } from 'lucide-react';
import { Button } from '../ui/button';
import { DialogFrame } from './dialog-frame';
import { publicProfile } from '../lib/public-profile';
import { useT } from '../i18n/use-t';

const subject = 'International Enquiry - Dropwise';
const message =
  'Hello,\n\nI am interested in the Dropwise instrument, but my country is not listed in the configurator. Please let me know whether you can supply it to me.\n\nCountry:\nOrganisation:\n\nThank you.';

export const internationalEnquiryHref = () =>
  `mailto:${publicProfile().salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;

/** 'Your Country Not Listed?': for visitors outside the UK and EU. */
export function InternationalDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useT();
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      title={t('country.notListed', 'Your Country Not Listed?')}
      description={t(
        'country.notListedText',
        'We sell directly to the UK and the EU. If you are elsewhere, configure your instrument using the United Kingdom option and contact our sales team: we will get back to you about delivery, prices and local support.',
      )}
    >
      <Button asChild className="w-full">
        <a href={internationalEnquiryHref()}>
          <Mail aria-hidden="true" className="size-4" />
          {t('country.email', 'Email {address}', { address: publicProfile().salesEmail })}
        </a>
      </Button>
    </DialogFrame>
  );
}
