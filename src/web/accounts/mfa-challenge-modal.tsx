import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MFA_CODE_LENGTH } from '../../shared/accounts/auth-schemas';
import { Button } from '../ui/button';
import { pathAfterSignIn } from './after-sign-in';
import { MfaCodeInput } from './mfa-code-input';
import { useSignOutAndLeave } from './sign-out';
import { refreshSession, type SessionFactor, sessionQueryKey } from './use-session';
import { ChallengeFailed, challengeAndVerify, verificationError } from './verify-factor';

/**
 * The full-screen challenge for a user with a verified factor at aal1 (spec sections 2 and 4):
 * a code field, Cancel (signs out to /login) and Verify. It cannot be dismissed otherwise.
 */
export function MfaChallengeModal({ factors }: { factors: SessionFactor[] }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { signOutTo, isPending: leaving } = useSignOutAndLeave();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const factor = factors.find((f) => f.status === 'verified');

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!factor) {
      setError('No MFA factor found. Please set up MFA first.');
      return;
    }
    if (code.length !== MFA_CODE_LENGTH) {
      setError('Please enter a 6-digit verification code');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await challengeAndVerify(factor.id, code);
      toast.success('Authentication complete!');
      await refreshSession(client);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      navigate(pathAfterSignIn());
    } catch (failure) {
      setCode('');
      const message = verificationError(failure, '', 'Too many authentication attempts. Please wait before trying again.');
      setError(message || (failure instanceof ChallengeFailed ? 'Failed to create MFA challenge. Please try again.' : 'Failed to verify MFA. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-x-0 bottom-0 top-16 z-30 bg-navy-950/70 flex items-center justify-center p-4"
        >
          <form onSubmit={verify} noValidate className="w-full max-w-md space-y-5 rounded-xl border border-navy-100 bg-white p-6 shadow-xl">
            <div>
              <Dialog.Title className="text-xl font-semibold text-navy-900">Two-factor authentication</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-navy-700">
                Enter the 6-digit code from your authenticator app to finish signing in.
              </Dialog.Description>
            </div>
            <MfaCodeInput value={code} onChange={setCode} error={error} autoFocus disabled={busy} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" disabled={busy || leaving} onClick={() => signOutTo('/login')}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy || leaving}>
                {busy ? 'Verifying...' : 'Verify'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
