import { Link2 } from 'lucide-react';
import { useState } from 'react';
import type { SelectedConfiguration } from '../../shared/configuration';
import { encodeConfiguration } from '../lib/configuration-url';
import { useT } from '../i18n/use-t';

/** The full link to /configure with this selection, for sharing; the link is always explicit, defaults included. */
export function configurationLink(selection: SelectedConfiguration): string {
  return `${window.location.origin}/configure?${encodeConfiguration(selection)}`;
}

/** 'Copy configuration link': copies the link, or shows it to copy by hand where the clipboard is refused. */
export function CopyConfigurationLink({ selection }: { selection: SelectedConfiguration }) {
  const { t } = useT();
  const [state, setState] = useState<{ status: 'idle' | 'copied' } | { status: 'manual'; link: string }>({
    status: 'idle',
  });
  const copy = async () => {
    const link = configurationLink(selection);
    try {
      await navigator.clipboard.writeText(link);
      setState({ status: 'copied' });
    } catch {
      setState({ status: 'manual', link });
    }
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-navy-300 bg-white px-4 text-sm font-medium text-navy-900 hover:bg-navy-50"
        >
          <Link2 aria-hidden="true" className="size-4" />
          {t('link.copy', 'Copy configuration link')}
        </button>
        <p role="status" className="text-sm text-navy-700">
          {state.status === 'copied' ? t('link.copied', 'Link copied. Anyone with it sees this configuration.') : ''}
        </p>
      </div>
      {state.status === 'manual' && (
        <label className="grid gap-1 text-sm text-navy-700">
          {t('link.copyThis', 'Copy this link:')}
          <input
            readOnly
            value={state.link}
            onFocus={(event) => event.currentTarget.select()}
            className="rounded-md border border-navy-300 px-3 py-2 text-navy-900"
          />
        </label>
      )}
    </div>
  );
}
