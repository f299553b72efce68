import * as Popover from '@radix-ui/react-popover';
import { Info } from 'lucide-react';
import { useRef, useState } from 'react';
import type { BatchOption } from '../../shared/catalogue';
import type { Pricing } from '../../shared/pricing';
import { Button } from '../ui/button';
import { Container } from '../ui/container';
import { orderFlowRefusals } from '../../shared/orders/order-refusals';
import { useOrderingOpen } from '../lib/use-ordering-open';
import { type PageText, pageText, useT } from '../i18n/use-t';
import { TotalsList, summaryLines } from './order-summary';

/**
 * 'Batch 2 · est. ships August 2027', from the batch's date (read as a calendar date, not a local
 * time); 'Batch 2 · date to be confirmed' when it has none (the server leaves out a date that has passed).
 * A batch with few places adds '· 3 places left'.
 */
export function batchLabel(batch: BatchOption | undefined, text: PageText = pageText('en')): string | null {
  if (!batch) return null;
  const { t } = text;
  // The API gives placesLeft only when few remain (the shop's setting): "Batch 2 · … · 3 places left".
  const left =
    batch.placesLeft && !batch.soldOut
      ? ` · ${
          batch.placesLeft === 1
            ? t('batch.placeLeft', '1 place left')
            : t('batch.placesLeft', '{count} places left', { count: batch.placesLeft })
        }`
      : '';
  const date = batch.date ? new Date(`${batch.date}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()))
    return `${batch.name} · ${t('batch.dateToBeConfirmed', 'date to be confirmed')}${left}`;
  return `${batch.name} · ${t('batch.estShips', 'est. ships {month}', { month: text.month(date) })}${left}`;
}

/** The breakdown opens on tap or click, and on hover with a mouse. */
function PriceBreakdown({ pricing, vatRate }: { pricing: Pricing; vatRate: number }) {
  const text = useT();
  const { t } = text;
  const total = text.money(pricing.totals.total, pricing.currency);
  const [open, setOpen] = useState(false);
  const hoverTimer = useRef<number | undefined>(undefined);
  const hovering = useRef(false);
  const hover = (next: boolean) => (event: React.PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovering.current = next;
    window.clearTimeout(hoverTimer.current);
    hoverTimer.current = window.setTimeout(() => setOpen(next), next ? 100 : 200);
  };
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        // A click or Escape wins over a pending hover.
        window.clearTimeout(hoverTimer.current);
        setOpen(next);
      }}
    >
      <Popover.Trigger
        onClick={(event) => {
          // A click on a breakdown that hovering already opened keeps it open instead of toggling it shut.
          if (open && hovering.current) event.preventDefault();
        }}
        onPointerEnter={hover(true)}
        onPointerLeave={hover(false)}
        aria-label={t('price.showBreakdown', 'Est. Price {total}: show the price breakdown', { total })}
        className="group flex items-center gap-1.5 rounded-md text-left"
      >
        <span data-testid="est-price" className="tabular text-lg font-semibold text-navy-900 sm:text-2xl">
          {total}
        </span>
        <Info aria-hidden="true" className="size-4 text-navy-500 group-hover:text-navy-800" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="top"
          align="start"
          sideOffset={8}
          onPointerEnter={hover(true)}
          onPointerLeave={hover(false)}
          onOpenAutoFocus={(event) => event.preventDefault()}
          aria-label={t('price.breakdown', 'Price breakdown')}
          className="z-50 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-navy-200 bg-white p-4 text-sm shadow-xl"
        >
          <p className="mb-2 font-semibold text-navy-900">{t('price.breakdown', 'Price breakdown')}</p>
          <ul className="tabular mb-3 grid gap-1 border-b border-navy-100 pb-3">
            {summaryLines(pricing, text).map((line) => (
              <li key={line.key} className="flex justify-between gap-3">
                <span className="text-navy-700">{line.label}</span>
                <span className="shrink-0 text-navy-900">{line.amount}</span>
              </li>
            ))}
          </ul>
          <TotalsList pricing={pricing} vatRate={vatRate} />
          <Popover.Arrow className="fill-white" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/**
 * The sticky price bar: estimated price with its breakdown, deposit, batch and the two ways on.
 * It has a fixed height from the first (prerendered) paint, and the page reserves that space.
 */
export function PriceBar({
  pricing,
  vatRate,
  batch,
  leaving,
  onLeave,
  barRef,
}: {
  barRef?: React.Ref<HTMLElement>;
  pricing: Pricing | null;
  vatRate: number;
  batch: BatchOption | undefined;
  leaving: boolean;
  onLeave: (type: 'quote' | 'order') => void;
}) {
  const text = useT();
  const { t } = text;
  const label = batchLabel(batch, text);
  const disabled = pricing === null || leaving;
  const ordering = useOrderingOpen();
  return (
    // Below the site header (z-40), so at the foot of the page the bar never covers it.
    <section
      ref={barRef}
      aria-label={t('price.price', 'Price')}
      className="sticky inset-x-0 bottom-0 z-30 border-t border-navy-200 bg-white shadow-[0_-4px_16px_rgba(11,31,58,0.08)]"
    >
      {/* Compact on a phone: one line of figures, the batch under it, two buttons that fit side by side. */}
      <Container className="flex h-28 flex-col justify-center gap-2 py-2 sm:h-24 sm:flex-row sm:items-center sm:justify-between sm:gap-3 sm:py-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-0.5 sm:gap-x-6" aria-live="polite">
          {pricing ? (
            <>
              <div className="flex items-baseline gap-1.5 sm:block">
                <p className="text-xs font-medium tracking-wide text-navy-600 uppercase">
                  {t('price.estPrice', 'Est. Price')}
                </p>
                <PriceBreakdown pricing={pricing} vatRate={vatRate} />
              </div>
              <div className="flex items-baseline gap-1.5 sm:block">
                <p className="text-xs font-medium tracking-wide text-navy-600 uppercase">
                  {t('price.deposit', 'Deposit')}
                </p>
                <p data-testid="deposit" className="tabular text-base font-semibold text-navy-900 sm:text-lg">
                  {text.money(pricing.totals.deposit, pricing.currency)}
                </p>
              </div>
              {label && (
                <p
                  className="basis-full truncate text-xs text-navy-700 sm:basis-auto sm:text-sm"
                  data-testid="batch-label"
                >
                  {label}
                </p>
              )}
            </>
          ) : (
            <p className="text-navy-700">{t('price.loading', 'Loading pricing...')}</p>
          )}
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:gap-3">
          <Button
            variant="outline"
            size="sm"
            className="whitespace-nowrap sm:h-11 sm:px-5 sm:text-base"
            disabled={disabled}
            onClick={() => onLeave('quote')}
          >
            {t('price.generateQuote', 'Generate Quote PDF')}
          </Button>
          <Button
            size="sm"
            className="whitespace-nowrap sm:h-11 sm:px-5 sm:text-base"
            disabled={disabled || !ordering.open}
            aria-describedby={ordering.open ? undefined : 'ordering-not-open'}
            onClick={() => onLeave('order')}
          >
            {leaving ? t('price.processing', 'Processing...') : t('price.orderNow', 'Order Now')}
          </Button>
          {ordering.open ? null : (
            <p id="ordering-not-open" role="status" className="col-span-2 text-sm text-navy-700 sm:max-w-56">
              {text.message(orderFlowRefusals.orderingNotOpen)}
            </p>
          )}
        </div>
      </Container>
    </section>
  );
}
