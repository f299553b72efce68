import { type FormEvent, useId, useState } from 'react';
import { freshCodeDescriptor } from '../../shared/accounts/auth-schemas';
import { useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import '../i18n/field-messages';

/**
 * The proof the server asks before the second factor changes (removing an authenticator, a new set
 * of recovery codes): a code from the authenticator app or a recovery code, in one field. On a
 * wrong code the server's message shows and what was typed stays, to be corrected. In the page's language
 * (issue 40); the caller gives its own labels, translated; known refusals by their English text.
 */
export function FreshCodeForm({
  instructions,
  submitLabel,
  busyLabel,
  fallbackError,
  onCode,
  onCancel,
}: {
  instructions: string;
  submitLabel: string;
  busyLabel: string;
  /** Shown when the failure has no message of its own. */
  fallbackError: string;
  /** Sends the code; throws to show the failure's message. */
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useT();
  const { t } = text;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (value === '') return setError(freshCodeDescriptor.id);
    setBusy(true);
    setError(null);
    try {
      await onCode(value);
    } catch (failure) {
      setError(text.said(failure) || fallbackError);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="max-w-md space-y-3">
      <p id={`${id}-instructions`} className="text-sm text-navy-700">
        {instructions}
      </p>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-navy-900">
          {t('freshCode.label', 'Authenticator or recovery code')}
        </label>
        <input
          id={id}
          name="fresh-code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          placeholder={t('freshCode.placeholder', '000000 or xxxx-xxxx-xxxx-xxxx')}
          autoFocus
          value={code}
          readOnly={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-instructions ${id}-error` : `${id}-instructions`}
          onChange={(event) => setCode(event.target.value)}
          className={cn(
            'mt-1 block h-11 w-full rounded-md border bg-white px-3 font-mono text-navy-900 placeholder:text-navy-400',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
            error ? 'border-red-600' : 'border-navy-200',
          )}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {text.said(error)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={busy} onClick={onCancel}>
          {t('freshCode.cancel', 'Cancel')}
        </Button>
      </div>
    </form>
  );
}
