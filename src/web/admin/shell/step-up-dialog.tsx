import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useCallback, useRef, useState } from 'react';
import { z } from 'zod';
import { codeMessage, MFA_CODE_LENGTH } from '../../../shared/accounts/auth-schemas';
import { MfaCodeInput } from '../../ui/mfa-code-input';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { passkeyMessages } from '../../../shared/accounts/passkey-contracts';
import { PasskeyButton } from '../../ui/passkey-button';
import { passkeyAssertion } from '../../lib/passkeys';
import { useSession } from '../../lib/use-session';
import { adminApi, isStepUpError } from './admin-api';

const stepUpAnswer = z.object({ steppedUpUntil: z.string() });

/** True for the answer a dismissed step-up dialog gives: the staff member chose not to, nothing failed. */
export const isStepUpCancelled = (error: unknown) => error instanceof ApiError && error.code === 'step_up_cancelled';

/**
 * Runs an action that moves money (or deletes, or changes rights); when the server answers
 * 403 step_up_required, asks for a fresh authenticator code or a passkey and runs it again
 * (`passkey_step_up_required`: a passkey only).
 */
export function useStepUp() {
  const [open, setOpen] = useState(false);
  const [passkeyOnly, setPasskeyOnly] = useState(false);
  const pending = useRef<{
    run: () => Promise<unknown>;
    resolve: (value: unknown) => void;
    reject: (error: unknown) => void;
  } | null>(null);

  const withStepUp = useCallback(<T,>(run: () => Promise<T>): Promise<T> => {
    return run().catch((error: unknown) => {
      if (!isStepUpError(error)) throw error;
      setPasskeyOnly(error.code === 'passkey_step_up_required');
      return new Promise<T>((resolve, reject) => {
        pending.current = { run, resolve: resolve as (value: unknown) => void, reject };
        setOpen(true);
      });
    });
  }, []);

  const dialog = (
    <StepUpDialog
      open={open}
      passkeyOnly={passkeyOnly}
      onCancel={() => {
        setOpen(false);
        pending.current?.reject(new ApiError(403, 'step_up_cancelled', 'Cancelled'));
        pending.current = null;
      }}
      onPassed={() => {
        setOpen(false);
        const current = pending.current;
        pending.current = null;
        if (current) current.run().then(current.resolve, current.reject);
      }}
    />
  );
  return { withStepUp, dialog };
}

/** Whether the signed-in staff member has a verified passkey to confirm with. */
export function useHasOwnPasskey(): boolean {
  const session = useSession();
  return session.data?.factors?.some((f) => f.status === 'verified' && f.factorType === 'webauthn') ?? false;
}

function StepUpDialog({
  open,
  passkeyOnly,
  onCancel,
  onPassed,
}: {
  open: boolean;
  passkeyOnly: boolean;
  onCancel: () => void;
  onPassed: () => void;
}) {
  const hasPasskey = useHasOwnPasskey();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through the portal to the page's own form where the dialog is rendered
    // inside one (the bank accounts, the roles editor): without this, Verify submitted that form again.
    event.stopPropagation();
    if (code.length !== MFA_CODE_LENGTH) return setError(codeMessage);
    setBusy(true);
    try {
      await adminApi(stepUpAnswer, '/step-up', { method: 'POST', body: { code } });
      setCode('');
      setError(null);
      onPassed();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Failed to verify code. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  const withPasskey = async () => {
    const assertion = await passkeyAssertion();
    await adminApi(stepUpAnswer, '/step-up/passkey', { method: 'POST', body: assertion });
    onPassed();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-navy-900">
            {passkeyOnly ? 'Confirm with your passkey' : 'Confirm with your authenticator'}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-navy-600">
            {passkeyOnly
              ? hasPasskey
                ? passkeyMessages.passkeyStepUpRequired
                : passkeyMessages.passkeyNeeded
              : hasPasskey
                ? 'Use your passkey or enter a fresh code from your authenticator app to continue. It covers money and deletions for 5 minutes.'
                : 'Enter a fresh code from your authenticator app to continue. It covers money and deletions for 5 minutes.'}
          </Dialog.Description>
          {hasPasskey ? (
            <div className="mt-4">
              <PasskeyButton fallbackError="Failed to verify your passkey. Please try again." onPasskey={withPasskey} />
            </div>
          ) : null}
          {passkeyOnly ? (
            <div className="mt-4 flex justify-end">
              <Button type="button" variant="outline" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} className="mt-4 space-y-4">
              {hasPasskey ? <p className="text-center text-sm text-navy-600">or</p> : null}
              <MfaCodeInput value={code} onChange={setCode} error={error} autoFocus={!hasPasskey} disabled={busy} />
              <div className="flex justify-end gap-2">
                <Button type="button" variant="outline" onClick={onCancel}>
                  Cancel
                </Button>
                <Button type="submit" disabled={busy}>
                  Verify
                </Button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
