import { type FocusEvent, type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react';

/**
 * A disclosure menu (a button that shows a list of links or actions, the pattern suited to site
 * navigation): the Products menu, the phone menu and My Account. Spread `root` on an element
 * holding both the toggle and the panel. The menu closes when one of its items (a link or button in
 * the panel) is chosen, on Escape (focus goes back to the toggle) and when focus leaves the root; not
 * on a change of route: a route change renders in a transition that can commit after the visitor has
 * already opened a menu on the new address (right after sign-in, while the next page's code loads),
 * and closing then would undo their click.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  return {
    open,
    root: {
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggleRef.current?.focus();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      },
    },
    toggle: {
      ref: toggleRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
    panel: {
      id: panelId,
      hidden: !open,
      // A click's target is an element: text nodes do not receive clicks.
      onClick: (event: MouseEvent<HTMLElement>) => (event.target as Element).closest('a,button') && setOpen(false),
    },
  };
}
