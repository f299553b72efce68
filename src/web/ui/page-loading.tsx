import { useT } from '../i18n/use-t';

/** A quiet placeholder while a page's code or data loads, in the page's language. */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useT();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center text-navy-600">
      <span className="inline-flex items-center gap-3">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-navy-200 border-t-accent-600"
        />
        {label ?? t('common.loading', 'Loading...')}
      </span>
    </div>
  );
}
