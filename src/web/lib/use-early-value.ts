import { type RefObject, useEffect } from 'react';

/**
 * Takes over the value an input was given before the app's code ran (a key pressed on a slider while
 * the prerendered page was still waking up): the boot script notes it as `data-early-value`
 * (src/shared/boot-script.ts, decision 0011), and hydration would otherwise put the old value back.
 */
export function useEarlyValue(ref: RefObject<HTMLInputElement | null>, apply: (value: string) => void): void {
  useEffect(() => {
    const input = ref.current;
    const early = input?.getAttribute('data-early-value');
    if (!input || early === null || early === undefined) return;
    input.removeAttribute('data-early-value');
    apply(early);
    // Once, on mount: later changes go through the input's own onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the early value is read once, as the page wakes
  }, []);
}
