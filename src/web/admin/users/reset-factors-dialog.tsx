import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { codeMessage, MFA_CODE_LENGTH } from '../../../shared/accounts/auth-schemas';
import type { PasskeyAssertionRequest } from '../../../shared/accounts/passkey-contracts';
import { ApiError } from '../../lib/api-client';
import { passkeyAssertion } from '../../lib/passkeys';
import { useHasOwnPasskey } from '../shell/step-up-dialog';
import { Button } from '../../ui/button';
import { MfaCodeInput } from '../../ui/mfa-code-input';
import { PasskeyButton } from '../../ui/passkey-button';
import { adminApi } from '../shell/admin-api';

const resetAnswer = z.object({ removed: z.number() });

/**
 * "Reset two-factor" for another user (a lost phone): the confirmation carries the admin's own fresh
 * code, or their passkey, on the call itself (DELETE /api/admin/users/{id}/factors), as a change of
 * second factors does in My Account; a step-up minutes before does not serve.
 */
export function ResetFactorsDialog({
  user,
  onClose,
  onReset,
}: {
  user: { id: string; email: string } | null;
  onClose: () => void;
  onReset: () => void;
}) {
  const hasPasskey = useHasOwnPasskey();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setCode('');
    setError(null);
    onClose();
  };
  const reset = async (proof: { code: string } | { passkey: PasskeyAssertionRequest }) => {
    if (!user) return;
    await adminApi(resetAnswer, `/users/${user.id}/factors`, { method: 'DELETE', body: proof });
    setCode('');
    setError(null);
    onReset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== MFA_CODE_LENGTH) return setError(codeMessage);
    setBusy(true);
    try {
      await reset({ code });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'Failed to reset two-factor. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={user !== null} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-navy-900">
            Reset two-factor for {user?.email}?
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-navy-600">
            Their authenticator apps and passkeys are removed, every session of theirs ends and they are told by e-mail.
            They set two-factor up again at their next sign-in. Confirm with {hasPasskey ? 'your passkey or ' : ''}a
            fresh code from your authenticator app.
          </Dialog.Description>
          {hasPasskey ? (
            <div className="mt-4">
              <PasskeyButton
                fallbackError="Failed to verify your passkey. Please try again."
                onPasskey={async () => reset({ passkey: await passkeyAssertion() })}
              />
            </div>
          ) : null}
          <form onSubmit={submit} className="mt-4 space-y-4">
            {hasPasskey ? <p className="text-center text-sm text-navy-600">or</p> : null}
            <MfaCodeInput value={code} onChange={setCode} error={error} autoFocus={!hasPasskey} disabled={busy} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                Reset two-factor
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
