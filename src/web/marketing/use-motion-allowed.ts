import { useEffect, useState } from 'react';

/**
 * True in the browser once mounted, unless the visitor asks for reduced motion. False during the
 * prerender and the first client render, so looping videos never change the hydrated markup.
 */
export function useMotionAllowed(): boolean {
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setAllowed(!query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return allowed;
}
