import { ApiError } from '../lib/api-client';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { Button } from './button';
import { passkeyError } from '../lib/passkeys';
import '../i18n/field-messages';

/**
 * "Use a passkey": runs a passkey ceremony on press and shows what went wrong beside it (a cancel,
 * a refusal, a browser without passkeys). The WebAuthn library loads on the press, not before. In the
 * page's language (issue 40), the server's and the ceremony's known refusals by their English text.
 */
export function PasskeyButton({
  onPasskey,
  fallbackError,
  label,
  variant = 'primary',
}: {
  onPasskey: () => Promise<void>;
  fallbackError: string;
  label?: string;
  variant?: 'primary' | 'outline';
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const text = useT();
  const { t } = text;
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onPasskey();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.messageId ? text.said(failure) : passkeyError(failure, fallbackError),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant={variant} className="w-full" disabled={busy} onClick={() => void run()}>
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? t('passkeys.waiting', 'Waiting for your passkey...') : (label ?? t('passkey.use', 'Use a passkey'))}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {text.said(error)}
        </p>
      ) : null}
    </div>
  );
}
