import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { toast } from 'sonner';
import { registerPasskey } from '../lib/passkeys';
import { refreshSession } from '../lib/use-session';
import { Button } from '../ui/button';
import { PasskeyButton } from '../ui/passkey-button';
import { MfaBlockingDialog } from './mfa-blocking-dialog';
import { MfaSetupCard } from './mfa-setup-card';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useSignOutAndLeave } from '../lib/sign-out';

/**
 * Blocks an admin without a verified factor (spec sections 2 and 4): only Sign Out, with the
 * two-step setup card below, or a passkey instead (issue 24), until setup completes.
 */
export function AdminMfaSetupModal() {
  const { signOutTo, isPending } = useSignOutAndLeave();
  const [passkeyCodes, setPasskeyCodes] = useState<string[] | null>(null);
  const finish = async () => {
    toast.success('Authentication complete!');
    await refreshSession();
  };
  if (passkeyCodes)
    return (
      <MfaBlockingDialog className="overflow-y-auto">
        <div className="mx-auto my-8 w-full max-w-lg space-y-4 rounded-xl border border-navy-100 bg-white p-5">
          <Dialog.Title className="text-lg font-semibold text-navy-900">Save your recovery codes</Dialog.Title>
          <Dialog.Description className="text-sm text-navy-700">
            Your passkey is set up. Each recovery code signs you in once if you lose it.
          </Dialog.Description>
          <RecoveryCodesPanel codes={passkeyCodes} onDone={() => void finish()} />
        </div>
      </MfaBlockingDialog>
    );
  return (
    <MfaBlockingDialog className="overflow-y-auto">
      <div className="mx-auto my-8 w-full max-w-lg space-y-4">
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-5">
          <Dialog.Title className="text-lg font-semibold text-navy-900">
            Multi-factor authentication required
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-navy-800">
            Administrators must protect their account with an authenticator app before using the shop. Set it up below,
            or sign out.
          </Dialog.Description>
          <Button variant="outline" size="sm" className="mt-3" disabled={isPending} onClick={() => signOutTo('/login')}>
            Sign Out
          </Button>
        </div>
        <MfaSetupCard onComplete={() => toast.success('Authentication complete!')} />
        <section aria-label="Set up a passkey" className="space-y-2 rounded-xl border border-navy-100 bg-white p-5">
          <p className="text-sm text-navy-700">
            Or use a passkey: your device&apos;s screen lock or a security key, which cannot be phished like a code.
          </p>
          <PasskeyButton
            variant="outline"
            label="Set up a passkey instead"
            fallbackError="Failed to add the passkey. Please try again."
            onPasskey={async () => {
              const { recoveryCodes } = await registerPasskey({ friendlyName: 'Passkey' });
              if (recoveryCodes) setPasskeyCodes(recoveryCodes);
              else await finish();
            }}
          />
        </section>
      </div>
    </MfaBlockingDialog>
  );
}
