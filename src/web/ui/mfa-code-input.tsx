import { useId } from 'react';
import { cleanCode } from '../../shared/accounts/auth-schemas';
import { useT } from '../i18n/use-t';
import { cn } from './cn';

/**
 * The field of the MFA code form: a 6-digit code (non-digits are stripped and input stops at 6
 * digits), or a recovery code as printed (`xxxx-xxxx-xxxx-xxxx`).
 */
export function MfaCodeInput({
  kind = 'code',
  value,
  onChange,
  error,
  autoFocus,
  disabled,
}: {
  kind?: 'code' | 'recovery';
  value: string;
  onChange: (code: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const code = kind === 'code';
  const { t } = useT();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-navy-900">
        {code ? t('mfaCode.codeLabel', 'Verification code') : t('mfaCode.recoveryLabel', 'Recovery code')}
      </label>
      <input
        id={id}
        name={code ? 'code' : 'recovery-code'}
        {...(code
          ? { inputMode: 'numeric' as const, autoComplete: 'one-time-code', pattern: '[0-9]*', placeholder: '000000' }
          : {
              autoComplete: 'off',
              autoCapitalize: 'none',
              spellCheck: false,
              placeholder: 'xxxx-xxxx-xxxx-xxxx',
              maxLength: 64,
            })}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(code ? cleanCode(event.target.value) : event.target.value)}
        className={cn(
          'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-center font-mono text-navy-900',
          code ? 'text-2xl tracking-[0.5em] tabular-nums' : 'text-lg',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
          error ? 'border-red-600' : 'border-navy-200',
        )}
      />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
