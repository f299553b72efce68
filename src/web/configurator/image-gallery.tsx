import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../ui/cn';
import { useT } from '../i18n/use-t';

import firstImageInline from '../public/media/instrument-front.svg?inline';

/** Shown (and prerendered) before the product loads, so the first paint already has the picture. */
export const FIRST_IMAGE = '/media/instrument-front.svg';

/**
 * The prerendered page carries the first picture inline, so it paints with the page and costs no
 * request; hydration keeps that src (React leaves attributes as rendered), and the client bundle
 * never includes it, because this map is empty outside the build-time render.
 */
const inlinedWhenPrerendered: Record<string, string> = import.meta.env.SSR ? { [FIRST_IMAGE]: firstImageInline } : {};

/** Product pictures with previous/next (wrapping around) and thumbnails; the space is reserved before they load. */
export function ImageGallery({ images }: { images: string[] | undefined }) {
  const list = images && images.length > 0 ? images : [FIRST_IMAGE];
  const [index, setIndex] = useState(0);
  const current = Math.min(index, list.length - 1);
  const go = (step: number) => setIndex((current + step + list.length) % list.length);
  const many = list.length > 1;
  const { t } = useT();

  return (
    <section aria-label={t('gallery.label', 'Product images')} className="lg:sticky lg:top-6">
      <div className="relative overflow-hidden rounded-lg border border-navy-100 bg-navy-50">
        <img
          src={inlinedWhenPrerendered[list[current] ?? ''] ?? list[current]}
          suppressHydrationWarning
          alt={t('gallery.alt', 'Dropwise instrument, image {index} of {count}', {
            index: current + 1,
            count: list.length,
          })}
          width={800}
          height={600}
          fetchPriority="high"
          className="block aspect-[4/3] h-auto w-full object-contain"
        />
        {many && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              aria-label={t('gallery.previous', 'Previous image')}
              className="absolute top-1/2 left-2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-navy-900 shadow hover:bg-white"
            >
              <ChevronLeft aria-hidden="true" className="size-5" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              aria-label={t('gallery.next', 'Next image')}
              className="absolute top-1/2 right-2 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-navy-900 shadow hover:bg-white"
            >
              <ChevronRight aria-hidden="true" className="size-5" />
            </button>
          </>
        )}
      </div>
      <ul className="mt-3 flex h-16 gap-3" aria-label={t('gallery.choose', 'Choose an image')}>
        {many &&
          list.map((src, position) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(position)}
                aria-label={t('gallery.show', 'Show image {index}', { index: position + 1 })}
                aria-current={position === current ? 'true' : undefined}
                className={cn(
                  'block h-16 w-20 overflow-hidden rounded-md border-2 bg-navy-50',
                  position === current ? 'border-accent-600' : 'border-transparent hover:border-navy-200',
                )}
              >
                <img src={src} alt="" width={80} height={60} loading="lazy" className="h-full w-full object-contain" />
              </button>
            </li>
          ))}
      </ul>
    </section>
  );
}
