import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { Button } from '../ui/button';

/**
 * A new set of recovery codes, shown this once: copy, download as a text file, then confirm.
 */
export function RecoveryCodesPanel({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const { t } = useT();
  // The copied and downloaded text file, in the page's language too.
  const text = `${t('recovery.fileTitle', 'Dropwise recovery codes')}\n${t(
    'recovery.fileNote',
    'Each code works once, instead of a code from your authenticator app.',
  )}\n\n${codes.join('\n')}\n`;

  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'dropwise-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <div>
        <h3 id="recovery-codes-title" className="text-base font-semibold text-navy-900">
          {t('recovery.save', 'Save your recovery codes')}
        </h3>
        <p className="mt-1 text-sm text-navy-700">
          {t(
            'recovery.intro',
            'If you lose your phone, each of these codes signs you in once instead of an authenticator code. Keep them somewhere safe: they are shown only now.',
          )}
        </p>
      </div>
      <ol
        aria-label={t('recovery.codes', 'Recovery codes')}
        className="grid grid-cols-2 gap-2 rounded-md border border-navy-100 bg-navy-50 p-4 font-mono text-sm tabular-nums text-navy-900"
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {t('recovery.copy', 'Copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          {t('recovery.download', 'Download')}
        </Button>
        <Button size="sm" onClick={onDone}>
          {doneLabel ?? t('recovery.saved', 'I have saved my recovery codes')}
        </Button>
      </div>
      {copied === null ? null : (
        <p role="status" className="text-sm text-navy-700">
          {copied
            ? t('recovery.copied', 'Copied to the clipboard.')
            : t('recovery.copyFailed', 'Copying failed: select the codes or download them instead.')}
        </p>
      )}
    </section>
  );
}
