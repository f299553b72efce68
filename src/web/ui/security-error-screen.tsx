import { Button } from './button';
import { Container } from './container';
import { useSignOutAndLeave } from '../lib/sign-out';

/** The "Security Error:" screen (spec section 2) with its one way out. */
export function SecurityErrorScreen({ message }: { message: string }) {
  const { signOutTo, isPending } = useSignOutAndLeave();
  return (
    <Container className="py-16">
      <div role="alert" className="mx-auto max-w-lg rounded-lg border border-red-300 bg-red-50 p-6">
        <p className="text-red-800">
          <strong className="font-semibold">Security Error:</strong> {message}
        </p>
        <Button variant="danger" className="mt-4" disabled={isPending} onClick={() => signOutTo('/login')}>
          Sign Out &amp; Return to Login
        </Button>
      </div>
    </Container>
  );
}
