import { ApiError } from '../lib/api-client';
import { type FormEvent, type ReactNode, useState } from 'react';
import { codeDescriptor, MFA_CODE_LENGTH, recoveryCodeDescriptor } from '../../shared/accounts/auth-schemas';
import { useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { MfaCodeInput } from '../ui/mfa-code-input';
import '../i18n/field-messages';

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
  /** Only a recovery code (an account whose other factors are passkeys, which have their own button). */
  recoveryOnly?: boolean;
}

/**
 * The MFA code form of the challenge, the setup card and the admin's setup (spec sections 2 and 5):
 * a 6-digit code (non-digits stripped), Verify, and where offered a recovery code instead. In the page's
 * language (issue 40); the known refusals of the form and the server by their English text (known-messages.ts).
 */
export function MfaCodeForm({
  instructions,
  onCode,
  onRecoveryCode,
  describeError,
  actions,
  alignEnd,
  recoveryOnly,
}: MfaCodeFormProps) {
  const [mode, setMode] = useState<'code' | 'recovery'>(recoveryOnly && onRecoveryCode ? 'recovery' : 'code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useT();
  const { t } = text;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const usingRecovery = mode === 'recovery' && onRecoveryCode;
    const value = usingRecovery ? recoveryCode.trim() : code;
    if (usingRecovery ? value === '' : value.length !== MFA_CODE_LENGTH) {
      setError(usingRecovery ? recoveryCodeDescriptor.id : codeDescriptor.id);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await (usingRecovery ? onRecoveryCode(value) : onCode(value));
    } catch (failure) {
      setCode('');
      setRecoveryCode('');
      const described = describeError(failure);
      // A server refusal told in its own words is shown by its id, in the page's language (issue 53).
      setError(
        failure instanceof ApiError && failure.messageId && described === failure.message
          ? text.said(failure)
          : described,
      );
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
        instructions
      ) : (
        <p className="text-sm text-navy-700">
          {t(
            'mfaCode.recoveryIntro',
            'Enter one of the recovery codes you saved when you set up your authenticator app. Each code works once.',
          )}
        </p>
      )}
      <MfaCodeInput
        key={mode}
        kind={mode}
        value={mode === 'code' ? code : recoveryCode}
        onChange={mode === 'code' ? setCode : setRecoveryCode}
        error={error && text.said(error)}
        autoFocus
        disabled={busy}
      />
      {onRecoveryCode && !recoveryOnly ? (
        <button
          type="button"
          className="text-sm font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
          disabled={busy}
          onClick={() => switchTo(mode === 'code' ? 'recovery' : 'code')}
        >
          {mode === 'code'
            ? t('mfaCode.useRecovery', 'Use a recovery code')
            : t('mfaCode.useApp', 'Use your authenticator app')}
        </button>
      ) : null}
      <div className={cn('flex flex-wrap gap-2', alignEnd && 'justify-end')}>
        {alignEnd ? actions?.(busy) : null}
        <Button type="submit" disabled={busy}>
          {busy ? t('mfaCode.verifying', 'Verifying...') : t('mfaCode.verify', 'Verify')}
        </Button>
        {alignEnd ? null : actions?.(busy)}
      </div>
    </form>
  );
}
