import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  type AdminQuoteDetail,
  adminQuoteDetailSchema,
  quoteAdminMessages,
} from '../../../shared/quotes/quote-admin-schemas';
import { formatUkDate } from '../../../shared/dates';
import { pendingExtensionsSchema } from '../../../shared/quotes/quote-acceptance';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { adminApi } from '../shell/admin-api';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';

const card = 'rounded-lg border border-navy-100 bg-white p-4';

/**
 * Issue 39 (decision 0065), on the admin's quote page: the buyer's acceptance (who, when) and their
 * request for more time, approved or declined in one click (orders.edit, with a step-up). Customer
 * text is rendered as text.
 */
export function QuoteOrganisationPanel({
  detail,
  editable,
  onDone,
}: {
  detail: AdminQuoteDetail;
  editable: boolean;
  onDone: (next: AdminQuoteDetail) => void;
}) {
  const { withStepUp, dialog } = useStepUp();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'decline') =>
      withStepUp(() =>
        adminApi(adminQuoteDetailSchema, `/quotes/${detail.quote.id}/extension/${decision}`, {
          method: 'POST',
          body: {},
        }),
      ),
    onSuccess: (next, decision) => {
      toast.success(
        decision === 'approve' ? quoteAdminMessages.extensionApproved : quoteAdminMessages.extensionDeclined,
      );
      onDone(next);
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      toast.error(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    },
  });
  const { acceptance, extensionRequest } = detail;
  if (!acceptance && !extensionRequest) return null;
  return (
    <section className={card} aria-labelledby="quote-organisation-heading">
      <h2 id="quote-organisation-heading" className="text-lg font-semibold text-navy-900">
        Acceptance and extension
      </h2>
      {acceptance ? (
        <p data-testid="admin-accepted" className="mt-1 text-sm">
          Accepted by {acceptance.name}, {acceptance.jobTitle}, {acceptance.organization} on{' '}
          {formatUkDate(acceptance.acceptedAt)} (signed &ldquo;{acceptance.signature}&rdquo;).
        </p>
      ) : (
        <p className="mt-1 text-sm text-navy-600">Not accepted yet.</p>
      )}
      {extensionRequest ? (
        <div className="mt-3 border-t border-navy-100 pt-3 text-sm">
          {extensionRequest.status === 'pending' ? (
            <>
              <p data-testid="extension-request">
                The customer asks for the quote to be valid until{' '}
                <strong>{formatUkDate(extensionRequest.requestedUntil)}</strong> (asked{' '}
                {formatUkDate(extensionRequest.createdAt)}). The prices stay as quoted.
              </p>
              {editable ? (
                <div className="mt-2 flex gap-2">
                  <Button size="sm" disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                    Approve extension
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={decide.isPending}
                    onClick={() => decide.mutate('decline')}
                  >
                    Decline
                  </Button>
                </div>
              ) : null}
            </>
          ) : (
            <p>
              Extension to {formatUkDate(extensionRequest.requestedUntil)}{' '}
              {extensionRequest.status === 'approved' ? 'approved' : 'declined'}
              {extensionRequest.decidedAt ? ` on ${formatUkDate(extensionRequest.decidedAt)}` : ''}.
            </p>
          )}
        </div>
      ) : null}
      {dialog}
    </section>
  );
}

/** The dashboard's list of extension requests waiting for an answer. */
export function PendingExtensionsPanel() {
  const pending = useQuery({
    queryKey: ['admin', 'quote-extension-requests'],
    queryFn: () => adminApi(pendingExtensionsSchema, '/quote-extension-requests'),
  });
  const requests = pending.data?.requests ?? [];
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-extensions" className={card}>
      <h2 id="dashboard-extensions" className="mb-2 text-lg font-semibold text-navy-900">
        Quote extension requests
      </h2>
      <ul className="divide-y divide-navy-100 text-sm">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-wrap justify-between gap-2 py-1.5">
            <Link
              to={`/admin/quotes/${encodeURIComponent(request.quoteNumber)}`}
              className="font-medium text-accent-700 underline"
            >
              {request.quoteNumber}
            </Link>
            <span className="text-navy-700">
              {[request.customerName, request.organization].filter(Boolean).join(', ')} · until{' '}
              {formatUkDate(request.requestedUntil)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
