import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { retention } from '../../shared/privacy/retention';
import { waitlistRefusals } from '../../shared/waitlist';
import { useT } from '../i18n/use-t';
import { api } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { Button } from '../ui/button';
import { Container } from '../ui/container';

/**
 * /waitlist/leave?token=…: the link of the waitlist confirmation e-mail. One button leaves (a page
 * rather than a bare link, so a mail scanner that opens links cannot take someone off the list).
 */
export function WaitlistLeavePage() {
  const { message } = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const leave = useMutation({
    mutationFn: () => api<{ message: string }>('/api/waitlist/leave', { method: 'POST', body: { token } }),
  });
  return (
    <Container className="max-w-xl py-16">
      <PageHead title="Leave the USA waitlist | Dropwise" description="Leave the Dropwise USA waitlist." noindex />
      <h1 className="text-3xl font-semibold tracking-tight text-navy-900">Leave the USA waitlist</h1>
      {leave.isSuccess ? (
        <p role="status" className="mt-4 text-navy-800">
          {message(waitlistRefusals.left)}
        </p>
      ) : (
        <>
          <p className="mt-4 text-navy-700">
            We will then not e-mail you when Dropwise ships to the USA, and we delete your address within{' '}
            {retention.shortLivedDays} days.
          </p>
          {leave.isError || token === '' ? (
            <p role="alert" className="mt-4 text-red-700">
              {message(waitlistRefusals.invalid)}
            </p>
          ) : null}
          <Button className="mt-6" disabled={leave.isPending || token === ''} onClick={() => leave.mutate()}>
            {leave.isPending ? 'Leaving...' : 'Leave the waitlist'}
          </Button>
        </>
      )}
      <p className="mt-8 text-sm">
        <Link className="font-medium text-accent-700 underline underline-offset-2" to="/privacy-policy">
          Privacy policy
        </Link>
      </p>
    </Container>
  );
}
