import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { parseMoney } from '../../../shared/money';
import { customerFallbacks } from '../../../shared/lists';
import { formatUkDate } from '../../../shared/dates';
import {
  type AdminServiceRequest,
  adminServiceAnswerSchema,
  type NotCoveredRequest,
  type RepairQuoteRequest,
  type ServiceMoveRequest,
} from '../../../shared/service-requests/service-contracts';
import {
  chargeable,
  coverLineAdmin,
  type NotCoveredReason,
  notCoveredReasonLabels,
  notCoveredReasons,
  type ServiceRequestStatus,
  serviceMessages,
  serviceStatusLabels,
} from '../../../shared/service-requests/service-lifecycle';
import { usePermissions } from '../shell/permissions';
import { repairMayProceed } from '../../../shared/service-requests/repair-payment';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';
import { isStepUpCancelled, useStepUp } from '../shell/step-up-dialog';
import { AdminHeading } from '../shell/admin-layout';
import { moment, orText } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';

const card = 'rounded-lg border border-navy-100 bg-white p-4';
const textArea = 'mt-1 block w-full rounded-md border border-navy-200 bg-white p-2 text-sm text-navy-900';

/** /admin/service/{id}: the request, its photos and history, and the moves the lifecycle allows from here. */
export function ServiceRequestDetailPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['admin', 'service', id],
    queryFn: () => adminApi(adminServiceAnswerSchema, `/service/${encodeURIComponent(id)}`),
  });
  if (query.isPending) return <PageLoading label="Loading the service request..." />;
  if (query.isError)
    return (
      <StateMessage tone="error">
        {query.error instanceof ApiError ? query.error.message : 'Failed to load the service request.'}
      </StateMessage>
    );
  const request = query.data.request;
  return <ServiceRequestDetail request={request} />;
}

function ServiceRequestDetail({ request }: { request: AdminServiceRequest }) {
  const { can } = usePermissions();
  const canSeeOrders = can('orders.view');
  return (
    <section className="space-y-4">
      <AdminHeading title={`Service request ${request.requestNumber}`}>
        <span
          className="rounded-full border border-navy-200 px-3 py-1 text-sm font-medium"
          data-testid="service-status"
        >
          {serviceStatusLabels[request.status]}
        </span>
      </AdminHeading>
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <div className={card}>
            <h2 className="font-semibold text-navy-900">What happened</h2>
            <p className="mt-2 text-sm whitespace-pre-line text-navy-800" data-testid="service-description">
              {request.description}
            </p>
            {request.photos.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-3">
                {request.photos.map((photo, index) => (
                  <li key={photo.id}>
                    <a href={photo.url} target="_blank" rel="noreferrer">
                      <img
                        src={photo.url}
                        alt={`Photo ${index + 1}`}
                        className="h-32 w-32 rounded-md border border-navy-100 object-cover"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <Cover request={request} />
          <Declaration request={request} />
          {request.rmaNumber ? (
            <div className={card}>
              <h2 className="font-semibold text-navy-900">Return authorisation</h2>
              <p className="mt-2 text-sm">
                RMA number: <strong data-testid="rma-number">{request.rmaNumber}</strong>
              </p>
              <p className="mt-2 text-sm whitespace-pre-line text-navy-700">{request.returnInstructions}</p>
              {request.rmaUrl ? (
                <a className="mt-2 inline-block text-sm text-accent-700 underline" href={request.rmaUrl}>
                  RMA document (PDF)
                </a>
              ) : null}
              {request.proFormaUrl ? (
                <a className="mt-2 ml-3 inline-block text-sm text-accent-700 underline" href={request.proFormaUrl}>
                  Pro-forma invoice for customs (PDF)
                </a>
              ) : null}
            </div>
          ) : null}
          {request.declineReason ? (
            <div className={card}>
              <h2 className="font-semibold text-navy-900">Declined</h2>
              <p className="mt-2 text-sm whitespace-pre-line text-navy-700">{request.declineReason}</p>
            </div>
          ) : null}
          <MoveForm request={request} />
          <div className={card}>
            <h2 className="font-semibold text-navy-900">History</h2>
            <ol className="mt-2 space-y-2 text-sm" aria-label="History">
              {request.history.map((entry, index) => (
                <li key={`${entry.at}-${index}`}>
                  <span className="font-medium">
                    {entry.oldStatus && entry.oldStatus !== entry.status
                      ? `${serviceStatusLabels[entry.oldStatus]} → ${serviceStatusLabels[entry.status]}`
                      : serviceStatusLabels[entry.status]}
                  </span>
                  {entry.staffOnly ? <span className="ml-2 text-xs text-navy-500">(staff only)</span> : null}
                  <span className="ml-2 text-navy-500">
                    {moment(entry.at)}
                    {entry.by ? ` · ${entry.by}` : ''}
                  </span>
                  {entry.note ? <p className="whitespace-pre-line text-navy-700">{entry.note}</p> : null}
                </li>
              ))}
            </ol>
          </div>
        </div>
        <div className="space-y-4">
          <div className={card}>
            <h2 className="font-semibold text-navy-900">Customer</h2>
            <p className="mt-2 text-sm">{orText(request.customerName, customerFallbacks.noName)}</p>
            <p className="text-sm text-navy-600">{orText(request.customerEmail, customerFallbacks.noEmail)}</p>
            <p className="text-sm text-navy-600">{orText(request.customerCompany, customerFallbacks.notProvided)}</p>
          </div>
          <div className={card}>
            <h2 className="font-semibold text-navy-900">Instrument</h2>
            <dl className="mt-2 text-sm">
              <dt className="text-navy-600">Serial number</dt>
              <dd>{request.serialNumber}</dd>
              <dt className="mt-1 text-navy-600">Model</dt>
              <dd>{request.model}</dd>
              <dt className="mt-1 text-navy-600">Delivered</dt>
              <dd>{request.deliveredOn ? formatUkDate(request.deliveredOn) : '—'}</dd>
              <dt className="mt-1 text-navy-600">Warranty ends</dt>
              <dd>{request.warrantyEndsOn ? formatUkDate(request.warrantyEndsOn) : '—'}</dd>
              {request.servicePlanEndsOn ? (
                <>
                  <dt className="mt-1 text-navy-600">Servicing plan ends</dt>
                  <dd>{formatUkDate(request.servicePlanEndsOn)}</dd>
                </>
              ) : null}
              <dt className="mt-1 text-navy-600">Order</dt>
              <dd>
                {/* Support has no orders.view: the order number as text, not a link to "no access" (issue 41). */}
                {canSeeOrders ? (
                  <Link className="text-accent-700 underline" to={`/admin/orders/${request.orderId}`}>
                    {request.orderNumber}
                  </Link>
                ) : (
                  request.orderNumber
                )}
              </dd>
            </dl>
          </div>
          <div className={card}>
            <h2 className="font-semibold text-navy-900">Money</h2>
            <p className="mt-2 text-sm text-navy-700">{serviceMessages.moneyElsewhere}</p>
            {canSeeOrders ? (
              <Link
                className="mt-2 inline-block text-sm text-accent-700 underline"
                to={`/admin/orders/${request.orderId}`}
              >
                Open order {request.orderNumber}
              </Link>
            ) : (
              <p className="mt-2 text-sm text-navy-600">
                Order {request.orderNumber}: ask Sales or Finance, who have access to orders.
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The cover as staff read it (issue 41): under warranty unless inspection finds an exclusion, when staff
 * mark it not covered; out of warranty or not covered, a repair quote is needed (made through the quote engine).
 */
function Cover({ request }: { request: AdminServiceRequest }) {
  const open = request.allowedMoves.length > 0;
  return (
    <div className={card} data-testid="service-cover">
      {!chargeable(request) ? (
        <>
          <p className="text-sm text-navy-800">{coverLineAdmin(request)}</p>
          {open ? <NotCoveredForm request={request} /> : null}
        </>
      ) : (
        <>
          <p className="text-sm font-medium text-amber-800">{coverLineAdmin(request)}</p>
          {request.notCoveredNote ? (
            <p className="mt-1 text-sm whitespace-pre-line text-navy-700">{request.notCoveredNote}</p>
          ) : null}
          {request.repairQuote ? (
            <p className="mt-1 text-sm">
              Repair quote:{' '}
              <Link
                className="text-accent-700 underline"
                to={`/quote/${encodeURIComponent(request.repairQuote.reference)}`}
              >
                {request.repairQuote.quoteNumber}
              </Link>
            </p>
          ) : open ? (
            <RepairQuoteForm request={request} />
          ) : null}
          <RepairPaymentPanel request={request} />
        </>
      )}
    </div>
  );
}

/**
 * Issue 54: where the repair stands with its payment. "Repaired" is offered only once its quote is
 * accepted and paid in full; before then an Owner may record an override with a reason (fresh code).
 */
function RepairPaymentPanel({ request }: { request: AdminServiceRequest }) {
  const { can } = usePermissions();
  const invalidate = useInvalidateAdmin();
  const { withStepUp, dialog } = useStepUp();
  const [reason, setReason] = useState('');
  const payment = request.repairPayment;
  const override = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(adminServiceAnswerSchema, `/service/${request.id}/repair-override`, {
          method: 'POST',
          body: { reason },
        }),
      ),
    onSuccess: async () => {
      toast.success('Marked repaired on your override');
      setReason('');
      await invalidate();
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      toast.error(error instanceof ApiError ? error.message : 'The override failed. Please try again.');
    },
  });
  const mayOverride = can('orders.override') && request.status === 'received' && !repairMayProceed(payment.state);
  return (
    <div className="mt-3 text-sm" data-testid="repair-payment">
      <p>
        <span className="font-medium text-navy-900">Payment: </span>
        <span className={repairMayProceed(payment.state) ? 'text-green-800' : 'text-amber-800'}>{payment.label}</span>
        {payment.order ? <span className="text-navy-700"> (order {payment.order.orderNumber})</span> : null}
      </p>
      {payment.override ? (
        <p className="mt-1 text-navy-700">
          Override by {payment.override.by ?? 'a former staff member'} on {formatUkDate(payment.override.at)}:{' '}
          {payment.override.reason}
        </p>
      ) : null}
      {!repairMayProceed(payment.state) && request.status === 'received' ? (
        <p className="mt-1 text-navy-700">"Repaired" is offered once the repair quote is accepted and paid in full.</p>
      ) : null}
      {mayOverride ? (
        <>
          <form
            className="mt-2 space-y-2"
            aria-label="Repair before payment"
            onSubmit={(event) => {
              event.preventDefault();
              override.mutate();
            }}
          >
            <label className="block">
              <span className="font-medium text-navy-900">Reason to mark it repaired before payment (Owner)</span>
              <textarea
                className={textArea}
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                minLength={5}
                maxLength={1000}
                required
              />
            </label>
            <Button type="submit" variant="outline" disabled={override.isPending}>
              {override.isPending ? 'Recording...' : 'Mark repaired before payment'}
            </Button>
          </form>
          {dialog}
        </>
      ) : null}
    </div>
  );
}

/** Issue 41: inspection found an exclusion (terms §11): the reason, and what staff saw; the customer is e-mailed. */
function NotCoveredForm({ request }: { request: AdminServiceRequest }) {
  const invalidate = useInvalidateAdmin();
  const [reason, setReason] = useState<NotCoveredReason | ''>('');
  const [note, setNote] = useState('');
  const mark = useMutation({
    mutationFn: (body: NotCoveredRequest) =>
      adminApi(adminServiceAnswerSchema, `/service/${request.id}/not-covered`, { method: 'POST', body }),
    onSuccess: async () => {
      toast.success('Marked not covered: make the repair quote next');
      await invalidate();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'This failed. Please try again.'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason) mark.mutate({ reason, note });
  };
  return (
    <form className="mt-3 space-y-2" onSubmit={submit} aria-label="Mark not covered">
      <label className="block text-sm">
        <span className="font-medium text-navy-900">Not covered: the reason</span>
        <select
          className="mt-1 block rounded border border-navy-200 px-2 py-1"
          value={reason}
          onChange={(event) => setReason(event.target.value as NotCoveredReason | '')}
          required
        >
          <option value="">Choose…</option>
          {notCoveredReasons.map((value) => (
            <option key={value} value={value}>
              {notCoveredReasonLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm">
        <span className="font-medium text-navy-900">What inspection found (the customer reads it)</span>
        <textarea
          className={textArea}
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      <Button type="submit" variant="outline" disabled={mark.isPending || !reason}>
        {mark.isPending ? 'Saving...' : 'Mark not covered'}
      </Button>
    </form>
  );
}

/** Issue 41: the customer's decontamination declaration, read before authorising receipt. */
function Declaration({ request }: { request: AdminServiceRequest }) {
  const declared = request.decontamination;
  return (
    <div className={card} data-testid="service-decontamination">
      <h2 className="font-semibold text-navy-900">Decontamination declaration</h2>
      {declared ? (
        <dl className="mt-2 text-sm">
          <dt className="text-navy-600">Substances handled</dt>
          <dd className="whitespace-pre-line">{declared.substances}</dd>
          <dt className="mt-1 text-navy-600">Cleaning and decontamination method</dt>
          <dd className="whitespace-pre-line">{declared.cleaningMethod}</dd>
          <dt className="mt-1 text-navy-600">Signed</dt>
          <dd>
            {declared.signatoryName}, {formatUkDate(declared.signedOn)}
          </dd>
          {request.declarationUrl ? (
            <dd className="mt-2">
              <a className="text-accent-700 underline" href={request.declarationUrl}>
                Declaration (PDF): keep it with the instrument
              </a>
            </dd>
          ) : null}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-amber-800">
          Not signed yet: the instrument cannot be received until the customer completes it on their request page.
        </p>
      )}
    </div>
  );
}

/** Out of warranty: staff price the repair, and the quote engine makes the customer's quote. */
function RepairQuoteForm({ request }: { request: AdminServiceRequest }) {
  const invalidate = useInvalidateAdmin();
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  // Setting a price the customer can order asks for a fresh code; above the approval threshold the
  // server's message says who may set it.
  const { withStepUp, dialog } = useStepUp();
  const make = useMutation({
    mutationFn: (body: RepairQuoteRequest) =>
      withStepUp(() =>
        adminApi(adminServiceAnswerSchema, `/service/${request.id}/repair-quote`, { method: 'POST', body }),
      ),
    onSuccess: async (answer) => {
      toast.success(`Repair quote ${answer.request.repairQuote?.quoteNumber ?? ''} made`);
      await invalidate();
    },
    onError: (error) => {
      if (isStepUpCancelled(error)) return;
      toast.error(error instanceof ApiError ? error.message : 'The repair quote failed. Please try again.');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const netAmountMinor = parseMoney(amount);
    if (netAmountMinor === null) {
      toast.error('Enter an amount like 1234.50');
      return;
    }
    make.mutate({ description, netAmountMinor });
  };
  return (
    // The step-up dialog stays outside the form: its own form's submit would bubble to this one through the portal.
    <>
      <form className="mt-3 space-y-2" onSubmit={submit} aria-label="Make the repair quote">
        <label className="block text-sm">
          <span className="font-medium text-navy-900">What is repaired</span>
          <input
            className="mt-1 w-full rounded border border-navy-200 px-2 py-1"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={200}
            required
          />
        </label>
        <label className="block text-sm">
          <span className="font-medium text-navy-900">Net price, in the order's currency (VAT is added)</span>
          <input
            className="mt-1 w-40 rounded border border-navy-200 px-2 py-1"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            pattern="[0-9]{1,3}(,[0-9]{3})+([.][0-9]{1,2})?|[0-9]+([.][0-9]{1,2})?"
            required
          />
        </label>
        <Button type="submit" disabled={make.isPending}>
          {make.isPending ? 'Making the quote...' : 'Make repair quote'}
        </Button>
      </form>
      {dialog}
    </>
  );
}

function MoveForm({ request }: { request: AdminServiceRequest }) {
  const invalidate = useInvalidateAdmin();
  const [to, setTo] = useState<ServiceRequestStatus | ''>(request.allowedMoves[0] ?? '');
  const [note, setNote] = useState('');
  const [staffNote, setStaffNote] = useState('');
  const [returnInstructions, setReturnInstructions] = useState('');
  const [declineReason, setDeclineReason] = useState('');
  const move = useMutation({
    mutationFn: (body: ServiceMoveRequest) =>
      adminApi(adminServiceAnswerSchema, `/service/${request.id}/moves`, { method: 'POST', body }),
    onSuccess: async (answer) => {
      toast.success(`Moved to ${serviceStatusLabels[answer.request.status].toLowerCase()}`);
      setNote('');
      setStaffNote('');
      setTo(answer.request.allowedMoves[0] ?? '');
      await invalidate();
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : 'The move failed. Please try again.'),
  });
  if (request.allowedMoves.length === 0)
    return (
      <div className={card}>
        <p className="text-sm text-navy-600">This request is closed.</p>
      </div>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!to) return;
    move.mutate({
      to,
      note,
      staffNote,
      ...(to === 'authorised' ? { returnInstructions } : {}),
      ...(to === 'declined' ? { declineReason } : {}),
    });
  };
  return (
    <form className={`${card} space-y-3`} onSubmit={submit} aria-label="Move the request">
      <h2 className="font-semibold text-navy-900">Next step</h2>
      <label className="block text-sm text-navy-700">
        Move to
        <select
          className="mt-1 block h-9 rounded-md border border-navy-200 bg-white px-2 text-sm"
          value={to}
          onChange={(event) => setTo(event.target.value as ServiceRequestStatus)}
        >
          {request.allowedMoves.map((status) => (
            <option key={status} value={status}>
              {serviceStatusLabels[status]}
            </option>
          ))}
        </select>
      </label>
      {to === 'authorised' ? (
        <label className="block text-sm text-navy-700">
          Return instructions (e-mailed to the customer with the RMA number)
          <textarea
            className={textArea}
            rows={4}
            value={returnInstructions}
            onChange={(event) => setReturnInstructions(event.target.value)}
          />
        </label>
      ) : null}
      {to === 'declined' ? (
        <label className="block text-sm text-navy-700">
          Reason for declining (the customer sees it)
          <textarea
            className={textArea}
            rows={3}
            value={declineReason}
            onChange={(event) => setDeclineReason(event.target.value)}
          />
        </label>
      ) : (
        <label className="block text-sm text-navy-700">
          Note for the customer (optional)
          <textarea className={textArea} rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        </label>
      )}
      <label className="block text-sm text-navy-700">
        Staff-only note (optional)
        <textarea
          className={textArea}
          rows={2}
          value={staffNote}
          onChange={(event) => setStaffNote(event.target.value)}
        />
      </label>
      <Button type="submit" disabled={move.isPending || !to}>
        {to ? `Move to ${serviceStatusLabels[to].toLowerCase()}` : 'Move'}
      </Button>
    </form>
  );
}
