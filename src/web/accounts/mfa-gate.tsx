import { Suspense, useEffect } from 'react';
import { useSession } from '../lib/use-session';
import { lazyWithQueries } from '../lib/with-queries';

const MfaScreens = lazyWithQueries(() => import('./mfa-screens').then((m) => m.MfaScreens));

/**
 * Mounted by the layout: shows the MFA challenge or the admin setup modal when the session needs
 * one (below the navigation, which then offers only Cancel & Sign Out), and says so when a session ended for being too old. Its screens load only when needed.
 */
export function MfaGate() {
  const session = useSession();
  const tooOld = session.data?.message;
  useEffect(() => {
    if (tooOld) void import('sonner').then(({ toast }) => toast.error(tooOld));
  }, [tooOld]);
  const blocking = session.mfaStep;
  if (!blocking) return null;
  return (
    <Suspense fallback={null}>
      <MfaScreens step={session.needsChallenge ? 'challenge' : 'admin-setup'} factors={session.data?.factors ?? []} />
    </Suspense>
  );
}
