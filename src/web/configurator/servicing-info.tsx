import * as Popover from '@radix-ui/react-popover';
import { Info } from 'lucide-react';
import { usePublicSettings } from '../lib/get-public-settings';
import { useT } from '../i18n/use-t';

/** What servicing means (storefront spec, section 9), behind an info button. */
export function ServicingInfo({ laterPrice }: { laterPrice: string }) {
  // The standard warranty is the Default Product Warranty setting.
  const { defaultProductWarranty } = usePublicSettings();
  const { t } = useT();
  const about = t('servicing.about', 'About servicing');
  return (
    <Popover.Root>
      <Popover.Trigger className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-accent-700 hover:bg-accent-50">
        <Info aria-hidden="true" className="size-4" />
        {about}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label={about}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-navy-200 bg-white p-4 text-sm text-navy-800 shadow-xl"
        >
          <p className="font-semibold text-navy-900">{about}</p>
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            <li>
              {t('servicing.standard', 'The standard warranty is {months} months, extendable by yearly servicing.', {
                months: defaultProductWarranty,
              })}
            </li>
            <li>{t('servicing.threeYear', '3-year servicing: 15% discount and a 3-year warranty.')}</li>
            <li>{t('servicing.twoYear', '2-year servicing: 10% discount and a 2-year warranty.')}</li>
            <li>{t('servicing.oneYear', '1-year servicing: a 1-year warranty.')}</li>
            <li>
              {t('servicing.none', 'No servicing: it can be bought later at {price} a year, with a 1-year warranty.', {
                price: laterPrice,
              })}
            </li>
          </ul>
          <Popover.Close className="mt-3 rounded-md px-2 py-1 text-sm font-medium text-accent-700 hover:bg-accent-50">
            {t('common.close', 'Close')}
          </Popover.Close>
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
