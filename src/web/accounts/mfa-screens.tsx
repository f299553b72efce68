import { AdminMfaSetupModal } from './admin-mfa-setup-modal';
import { MfaChallengeModal } from './mfa-challenge-modal';
import type { SessionFactor } from './use-session';

/** The lazily loaded MFA screens: the challenge, or the admin's mandatory setup. */
export function MfaScreens({ step, factors }: { step: 'challenge' | 'admin-setup'; factors: SessionFactor[] }) {
  return step === 'challenge' ? <MfaChallengeModal factors={factors} /> : <AdminMfaSetupModal />;
}
