import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button } from './button';
import { passkeyError } from '../lib/passkeys';

/**
 * "Use a passkey": runs a passkey ceremony on press and shows what went wrong beside it (a cancel,
 * a refusal, a browser without passkeys). The WebAuthn library loads on the press, not before.
 */
export function PasskeyButton({
  onPasskey,
  fallbackError,
  label = 'Use a passkey',
  variant = 'primary',
}: {
  onPasskey: () => Promise<void>;
  fallbackError: string;
  label?: string;
  variant?: 'primary' | 'outline';
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await onPasskey();
    } catch (failure) {
      setError(passkeyError(failure, fallbackError));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant={variant} className="w-full" disabled={busy} onClick={() => void run()}>
        <KeyRound aria-hidden="true" className="size-4" />
        {busy ? 'Waiting for your passkey...' : label}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
