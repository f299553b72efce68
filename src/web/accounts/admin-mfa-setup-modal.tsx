import * as Dialog from '@radix-ui/react-dialog';
import { toast } from 'sonner';
import { Button } from '../ui/button';
import { MfaBlockingDialog } from './mfa-blocking-dialog';
import { MfaSetupCard } from './mfa-setup-card';
import { useSignOutAndLeave } from '../lib/sign-out';

/**
 * Blocks an admin without a verified factor (spec sections 2 and 4): only Sign Out, with the
 * two-step setup card below, until setup completes.
 */
export function AdminMfaSetupModal() {
  const { signOutTo, isPending } = useSignOutAndLeave();
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
      </div>
    </MfaBlockingDialog>
  );
}
