import { type RefObject, useEffect } from 'react';

/** Room kept between a focused control and a sticky bar: the focus outline (2 px, offset 2 px) and a little air. */
const MARGIN = 8;

/** The sticky site header's bottom edge in the viewport (0 when it is not on screen). */
function headerBottom(): number {
  const header = document.querySelector('header');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/** Scrolls just enough that the focused element sits between the sticky header and the sticky price bar. */
export function revealFocused(target: HTMLElement, bar: HTMLElement) {
  const rect = target.getBoundingClientRect();
  const barTop = bar.getBoundingClientRect().top;
  const top = headerBottom();
  if (rect.bottom + MARGIN > barTop) window.scrollBy({ top: rect.bottom + MARGIN - barTop, behavior: 'instant' });
  else if (rect.top - MARGIN < top) window.scrollBy({ top: rect.top - MARGIN - top, behavior: 'instant' });
}

/**
 * Focus Not Obscured (WCAG 2.2, 2.4.11) on a page with a sticky bottom bar: the page's scroll
 * padding leaves room for the bar and the header when the browser scrolls focus into view, and a
 * focused element the browser thought visible (but under a bar) is scrolled clear of it.
 */
export function useKeepFocusVisible(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = document.documentElement;
    // Measured when the observer reports the bar's size, after the browser's own layout, both read
    // before either is written: measuring in the effect forced two extra layouts while the page
    // first rendered.
    const pad = () => {
      const bottom = (bar.current?.offsetHeight ?? 0) + MARGIN;
      const top = headerBottom() + MARGIN;
      root.style.scrollPaddingBottom = `${bottom}px`;
      root.style.scrollPaddingTop = `${top}px`;
    };
    const observer = new ResizeObserver(pad);
    if (bar.current) observer.observe(bar.current);
    else pad();
    const onFocus = (event: FocusEvent) => {
      const target = event.target;
      const element = bar.current;
      if (!(target instanceof HTMLElement) || !element || element.contains(target)) return;
      // Dialogs and popovers float above both bars.
      if (target.closest('[role="dialog"], [data-radix-popper-content-wrapper]')) return;
      // After the browser's own scroll into view, which runs once focus has moved.
      window.requestAnimationFrame(() => {
        if (document.activeElement === target) revealFocused(target, element);
      });
    };
    document.addEventListener('focusin', onFocus);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', onFocus);
      root.style.scrollPaddingBottom = '';
      root.style.scrollPaddingTop = '';
    };
  }, [bar]);
}
