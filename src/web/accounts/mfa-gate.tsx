import { Suspense, useEffect, useRef } from 'react';
import { useLanguage } from '../i18n/language';
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
  const current = useLanguage();
  const language = useRef(current);
  useEffect(() => {
    language.current = current;
  }, [current]);
  useEffect(() => {
    if (!tooOld) return;
    // Told in the page's language by its id (the session answers with a message only when it is too old);
    // the toast and the messages load only when there is one.
    void Promise.all([import('sonner'), import('../i18n/use-t'), import('../../shared/accounts/auth-messages')]).then(
      ([{ toast }, { pageText }, { authRefusals }]) =>
        toast.error(pageText(language.current).message(authRefusals.sessionTooOld)),
    );
  }, [tooOld]);
  const blocking = session.mfaStep;
  if (!blocking) return null;
  return (
    <Suspense fallback={null}>
      <MfaScreens step={session.needsChallenge ? 'challenge' : 'admin-setup'} factors={session.data?.factors ?? []} />
    </Suspense>
  );
}
