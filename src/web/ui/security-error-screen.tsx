import { Button } from './button';
import { Container } from './container';
import { useSignOutAndLeave } from '../lib/sign-out';
import { useT } from '../i18n/use-t';

/** The "Security Error:" screen (spec section 2) with its one way out. */
export function SecurityErrorScreen({ message }: { message: string }) {
  const { signOutTo, isPending } = useSignOutAndLeave();
  const { t } = useT();
  return (
    <Container className="py-16">
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-300 bg-red-50 p-6">
        <p className="text-red-800">
          <strong className="font-semibold">{t('security.error', 'Security Error:')}</strong> {message}
        </p>
        <Button variant="danger" className="mt-4" disabled={isPending} onClick={() => signOutTo('/login')}>
          {t('security.signOut', 'Sign Out & Return to Login')}
        </Button>
      </div>
    </Container>
  );
}
