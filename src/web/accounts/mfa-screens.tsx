import { useEffect } from 'react';
import { AdminMfaSetupModal } from './admin-mfa-setup-modal';
import { MfaChallengeModal } from './mfa-challenge-modal';
import type { SessionFactor } from '../lib/use-session';

/**
 * The lazily loaded MFA screens: the challenge, or the admin's mandatory setup. They cover the page
 * below the navigation; the page underneath is inert while they are shown (this effect lives here,
 * in the lazy chunk, to keep it off the home page's first load).
 */
export function MfaScreens({ step, factors }: { step: 'challenge' | 'admin-setup'; factors: SessionFactor[] }) {
  useEffect(() => {
    const covered = [document.getElementById('main'), document.querySelector('body footer')].filter(
      (el): el is HTMLElement => el instanceof HTMLElement,
    );
    for (const element of covered) element.inert = true;
    return () => {
      for (const element of covered) element.inert = false;
    };
  }, []);
  return step === 'challenge' ? <MfaChallengeModal factors={factors} /> : <AdminMfaSetupModal />;
}
