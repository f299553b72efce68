import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { pathAfterSignIn } from './after-sign-in';
import { MfaBlockingDialog } from './mfa-blocking-dialog';
import { MfaCodeForm } from './mfa-code-form';
import { useSignOutAndLeave } from '../lib/sign-out';
import { refreshSession, type SessionFactor } from '../lib/use-session';
import { ChallengeFailed, challengeAndVerify, signInWithRecoveryCode, verificationError } from './verify-factor';
import { PasskeyButton } from '../ui/passkey-button';
import { signInWithPasskey } from '../lib/passkeys';

/**
 * The full-screen challenge for a user with a verified factor at aal1 (spec sections 2 and 4):
 * a code field (or a recovery code), Cancel (signs out to /login) and Verify. It cannot be
 * dismissed otherwise.
 */
export function MfaChallengeModal({ factors }: { factors: SessionFactor[] }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { signOutTo, isPending: leaving } = useSignOutAndLeave();
  const factor = factors.find((f) => f.status === 'verified' && f.factorType === 'totp');
  const hasPasskey = factors.some((f) => f.status === 'verified' && f.factorType === 'webauthn');
  const { t } = useT();
  const noFactor = t('mfaChallenge.noFactor', 'No MFA factor found. Please set up MFA first.');
  const verifyFailed = t('mfaChallenge.verifyFailed', 'Failed to verify MFA. Please try again.');

  const finish = async () => {
    toast.success(t('mfaChallenge.complete', 'Authentication complete!'));
    await refreshSession();
    client.removeQueries();
    navigate(pathAfterSignIn());
  };

  return (
    <MfaBlockingDialog className="flex items-center justify-center">
      <div className="w-full max-w-md space-y-5 rounded-xl border border-navy-100 bg-white p-6 shadow-xl">
        <div>
          <Dialog.Title className="text-xl font-semibold text-navy-900">
            {t('mfaChallenge.heading', 'Two-factor authentication')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-navy-700">
            {hasPasskey
              ? t(
                  'mfaChallenge.introPasskey',
                  'Finish signing in with your passkey, your authenticator app or a recovery code.',
                )
              : t('mfaChallenge.intro', 'Finish signing in with your authenticator app or a recovery code.')}
          </Dialog.Description>
        </div>
        {hasPasskey ? (
          <>
            <PasskeyButton
              fallbackError={verifyFailed}
              onPasskey={async () => {
                await signInWithPasskey();
                await finish();
              }}
            />
            <p className="text-center text-sm text-navy-600">{t('mfaChallenge.or', 'or')}</p>
          </>
        ) : null}
        <MfaCodeForm
          alignEnd
          recoveryOnly={hasPasskey && !factor}
          instructions={
            <p className="text-sm text-navy-700">
              {t('mfaChallenge.enterCode', 'Enter the 6-digit code from your authenticator app to finish signing in.')}
            </p>
          }
          onCode={async (code) => {
            if (!factor) throw new Error(noFactor);
            await challengeAndVerify(factor.id, code);
            await finish();
          }}
          onRecoveryCode={async (code) => {
            await signInWithRecoveryCode(code);
            await finish();
          }}
          describeError={(failure) => {
            if (!factor) return noFactor;
            const message = verificationError(
              failure,
              '',
              t('mfaChallenge.tooMany', 'Too many authentication attempts. Please wait before trying again.'),
            );
            return (
              message ||
              (failure instanceof ChallengeFailed
                ? t('mfaChallenge.challengeFailed', 'Failed to create MFA challenge. Please try again.')
                : verifyFailed)
            );
          }}
          actions={(busy) => (
            <Button variant="outline" disabled={busy || leaving} onClick={() => signOutTo('/login')}>
              {t('mfaChallenge.cancel', 'Cancel')}
            </Button>
          )}
        />
      </div>
    </MfaBlockingDialog>
  );
}
