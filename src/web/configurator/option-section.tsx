import type { ReactNode } from 'react';

/** One titled step of the configurator. */
export function OptionSection({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="border-t border-navy-100 pt-6">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold text-navy-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
