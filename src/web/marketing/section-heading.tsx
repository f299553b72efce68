import type { ReactNode } from 'react';
import { cn } from '../ui/cn';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'left' | 'center';
  tone?: 'light' | 'dark';
}

/** The eyebrow, h2 and lead paragraph that open each home page section. */
export function SectionHeading({ id, eyebrow, title, children, align = 'left', tone = 'light' }: SectionHeadingProps) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={cn(
          'text-sm font-semibold uppercase tracking-widest',
          tone === 'dark' ? 'text-accent-300' : 'text-accent-700',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-3 text-3xl font-semibold tracking-tight text-balance md:text-4xl',
          tone === 'dark' ? 'text-white' : 'text-navy-900',
        )}
      >
        {title}
      </h2>
      {children ? (
        <div className={cn('mt-4 text-lg leading-relaxed', tone === 'dark' ? 'text-navy-100' : 'text-navy-700')}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
