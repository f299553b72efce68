import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { codeMessage, MFA_CODE_LENGTH, recoveryCodeMessage } from '../../shared/accounts/auth-schemas';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { MfaCodeInput } from './mfa-code-input';

export interface MfaCodeFormProps {
  /** What to enter, above the field. */
  instructions: ReactNode;
  /** Checks a 6-digit code; throws to show `describeError`'s message. */
  onCode: (code: string) => Promise<void>;
  /** When given, "Use a recovery code" switches the field to a recovery code, checked here. */
  onRecoveryCode?: (code: string) => Promise<void>;
  describeError: (failure: unknown) => string;
  /** Buttons beside Verify (Cancel, Restart Setup), told whether a check is running. */
  actions?: (busy: boolean) => ReactNode;
  /** Right-aligns the buttons (the challenge) instead of starting them on the left (the setup card). */
  alignEnd?: boolean;
}

/**
 * The MFA code form of the challenge, the setup card and the admin's setup (spec sections 2 and 5):
 * a 6-digit code (non-digits stripped), Verify, and where offered a recovery code instead.
 */
export function MfaCodeForm({ instructions, onCode, onRecoveryCode, describeError, actions, alignEnd }: MfaCodeFormProps) {
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const recoveryId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const usingRecovery = mode === 'recovery' && onRecoveryCode;
    const value = usingRecovery ? recoveryCode.trim() : code;
    if (usingRecovery ? value === '' : value.length !== MFA_CODE_LENGTH) {
      setError(usingRecovery ? recoveryCodeMessage : codeMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (usingRecovery ? onRecoveryCode(value) : onCode(value));
    } catch (failure) {
      setCode('');
      setRecoveryCode('');
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  const switchTo = (next: 'code' | 'recovery') => {
    setMode(next);
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {mode === 'code' ? (
        <>
          {instructions}
          <MfaCodeInput value={code} onChange={setCode} error={error} autoFocus disabled={busy} />
        </>
      ) : (
        <div>
          <p className="text-sm text-navy-700">Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.</p>
          <label htmlFor={recoveryId} className="mt-3 block text-sm font-medium text-navy-900">
            Recovery code
          </label>
          <input
            id={recoveryId}
            name="recovery-code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxx-xxxx-xxxx-xxxx"
            maxLength={64}
            value={recoveryCode}
            disabled={busy}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${recoveryId}-error` : undefined}
            onChange={(event) => setRecoveryCode(event.target.value)}
            className={cn(
              'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-center font-mono text-lg text-navy-900',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
              error ? 'border-red-600' : 'border-navy-200',
            )}
          />
          {error ? (
            <p id={`${recoveryId}-error`} role="alert" className="mt-2 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      )}
      {onRecoveryCode ? (
        <button
          type="button"
          className="text-sm font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
          disabled={busy}
          onClick={() => switchTo(mode === 'code' ? 'recovery' : 'code')}
        >
          {mode === 'code' ? 'Use a recovery code' : 'Use your authenticator app'}
        </button>
      ) : null}
      <div className={cn('flex flex-wrap gap-2', alignEnd && 'justify-end')}>
        {alignEnd ? actions?.(busy) : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        {alignEnd ? null : actions?.(busy)}
      </div>
    </form>
  );
}
