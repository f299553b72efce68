import { type FocusEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A navigation menu as a disclosure: a button that shows a list of links. Escape, focus leaving the
 * menu, or a route change closes it. Spread the returned props on the wrapper, the button and the list.
 */
export function useDisclosureMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  return {
    open,
    containerProps: {
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key === 'Escape') setOpen(false);
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      },
    },
    buttonProps: {
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      onClick: () => setOpen((value) => !value),
    },
    listProps: { id: listId, hidden: !open },
  };
}
