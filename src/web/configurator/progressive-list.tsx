import { Children, type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Shows its children a few at a time, one commit per step, so a long page of options appears as
 * several short tasks instead of one long one that blocks input (Lighthouse's Total Blocking Time
 * on a phone). Later children only ever appear below earlier ones, so nothing above them moves.
 */
export function ProgressiveList({
  children,
  className,
  step = 2,
}: {
  children: ReactNode;
  className?: string;
  step?: number;
}) {
  const items = Children.toArray(children);
  const [shown, setShown] = useState(step);
  const complete = shown >= items.length;
  useEffect(() => {
    if (complete) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((count) => count + step)), 0);
    return () => window.clearTimeout(timer);
  }, [shown, complete, step]);
  return <div className={className}>{items.slice(0, shown)}</div>;
}
