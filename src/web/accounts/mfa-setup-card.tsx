import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { type EnrolledFactor, enrollFactor } from './enroll-factor';
import { MfaCodeForm } from './mfa-code-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { unenrollFactor } from './unenroll-factor';
import { refreshSession } from '../lib/use-session';
import { ChallengeFailed, challengeAndVerify, verificationError } from './verify-factor';

/** The pause before enrolment (spec section 4), which also lets a removal settle. */
const ENROLL_PAUSE_MS = 500;
const START_FAILED = 'Failed to start MFA setup. Please try again.';

/**
 * TOTP setup in two steps, setup then verify (spec section 2, multi-factor screens): the QR code,
 * the manual secret and the factor id, then a 6-digit code; Restart Setup removes the factor and
 * starts again. A verified enrolment shows the 10 recovery codes once; the session is refreshed (and
 * a blocking setup screen closes) only when the user says they are saved.
 */
export function MfaSetupCard({ onComplete, onCancel }: { onComplete: () => void; onCancel?: () => void }) {
  const [step, setStep] = useState<'setup' | 'verify'>('setup');
  const [factor, setFactor] = useState<EnrolledFactor | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);
  const { t } = useT();
  const card = useRef<HTMLElement>(null);
  // The card opens below the settings; bring it into view so the buyer sees what to do next.
  useEffect(() => {
    card.current?.scrollIntoView({ block: 'nearest' });
  }, []);

  const start = useCallback(async () => {
    setBusy(true);
    setError(null);
    setFactor(null);
    setStep('setup');
    try {
      await new Promise((resolve) => setTimeout(resolve, ENROLL_PAUSE_MS));
      setFactor(await enrollFactor());
    } catch {
      setError(START_FAILED);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  const restart = async () => {
    if (factor) await unenrollFactor(factor.id).catch(() => undefined);
    await start();
  };

  const verify = async (code: string) => {
    if (!factor) throw new Error('No MFA factor found. Please restart the setup process.');
    const verified = await challengeAndVerify(factor.id, code);
    if (verified.recoveryCodes) setRecoveryCodes(verified.recoveryCodes);
    else await finish();
  };

  const finish = async () => {
    await refreshSession();
    onComplete();
  };

  const describeError = (failure: unknown) => {
    if (!factor) return t('mfaSetup.noFactor', 'No MFA factor found. Please restart the setup process.');
    return failure instanceof ChallengeFailed && verificationError(failure, '', '') === ''
      ? t('mfaSetup.challengeFailed', 'Failed to create MFA challenge. Please try again.')
      : verificationError(
          failure,
          t('mfaSetup.verifyFailed', 'Failed to verify code. Please try again.'),
          t('mfaSetup.tooMany', 'Too many attempts. Please wait before trying again.'),
        );
  };

  return (
    <section
      ref={card}
      aria-labelledby="mfa-setup-title"
      className="rounded-lg border border-navy-100 bg-white p-6 shadow-sm"
    >
      <h2 id="mfa-setup-title" className="text-lg font-semibold text-navy-900">
        {t('mfaSetup.heading', 'Set up two-factor authentication')}
      </h2>
      <ol className="mt-2 flex gap-4 text-sm" aria-label={t('mfaSetup.steps', 'Steps')}>
        <li
          aria-current={step === 'setup' ? 'step' : undefined}
          className={step === 'setup' ? 'font-semibold text-accent-700' : 'text-navy-600'}
        >
          {t('mfaSetup.step1', '1. Setup')}
        </li>
        <li
          aria-current={step === 'verify' && !recoveryCodes ? 'step' : undefined}
          className={step === 'verify' && !recoveryCodes ? 'font-semibold text-accent-700' : 'text-navy-600'}
        >
          {t('mfaSetup.step2', '2. Verify')}
        </li>
        <li
          aria-current={recoveryCodes ? 'step' : undefined}
          className={recoveryCodes ? 'font-semibold text-accent-700' : 'text-navy-600'}
        >
          {t('mfaSetup.step3', '3. Recovery codes')}
        </li>
      </ol>

      {step === 'setup' ? (
        <div className="mt-4 space-y-4">
          <p className="text-sm text-navy-700">
            {t(
              'mfaSetup.scan',
              'Scan the QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), or type the secret in by hand.',
            )}
          </p>
          {factor ? (
            <>
              <img
                src={factor.qrCode}
                alt={t('mfaSetup.qr', 'QR code for your authenticator app')}
                width={200}
                height={200}
                className="rounded border border-navy-100"
              />
              <dl className="space-y-2 text-sm">
                <div>
                  <dt className="font-medium text-navy-900">{t('mfaSetup.secret', 'Secret (manual entry)')}</dt>
                  <dd>
                    <code
                      data-testid="mfa-secret"
                      className="break-all rounded bg-navy-50 px-2 py-1 font-mono text-navy-900"
                    >
                      {factor.secret}
                    </code>
                  </dd>
                </div>
                <div>
                  <dt className="font-medium text-navy-900">{t('mfaSetup.factorId', 'Factor ID')}</dt>
                  <dd>
                    <code className="break-all font-mono text-xs text-navy-700">{factor.id}</code>
                  </dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <Button onClick={() => setStep('verify')}>{t('mfaSetup.continue', 'Continue')}</Button>
                {onCancel ? (
                  <Button variant="outline" onClick={onCancel}>
                    {t('mfaSetup.cancel', 'Cancel')}
                  </Button>
                ) : null}
              </div>
            </>
          ) : busy ? (
            <p role="status" className="text-sm text-navy-600">
              {t('mfaSetup.preparing', 'Preparing your authenticator setup...')}
            </p>
          ) : null}
          {error ? (
            <div className="space-y-2">
              <p role="alert" className="text-sm text-red-700">
                {error === START_FAILED
                  ? t('mfaSetup.startFailed', 'Failed to start MFA setup. Please try again.')
                  : error}
              </p>
              <Button variant="outline" size="sm" onClick={() => void start()}>
                {t('mfaSetup.tryAgain', 'Try again')}
              </Button>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="mt-4">
          {recoveryCodes ? (
            <RecoveryCodesPanel codes={recoveryCodes} onDone={() => void finish()} />
          ) : (
            <MfaCodeForm
              instructions={
                <p className="text-sm text-navy-700">
                  {t('mfaSetup.enterCode', 'Enter the 6-digit code your authenticator app shows for Dropwise.')}
                </p>
              }
              onCode={verify}
              describeError={describeError}
              actions={(busy) => (
                <Button variant="outline" onClick={() => void restart()} disabled={busy}>
                  {t('mfaSetup.restart', 'Restart Setup')}
                </Button>
              )}
            />
          )}
        </div>
      )}
    </section>
  );
}
