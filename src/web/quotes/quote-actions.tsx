import { CalendarClock, FileText, PenLine, Send } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { EXTENSION_DAYS } from '../../shared/quotes/quote-acceptance';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { api } from '../lib/api-client';
import { failure, quotePath, useRefresh } from './quote-action-helpers';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useT } from '../i18n/use-t';

/**
 * Issue 39 (decision 0065): what a buyer's organisation does with a quote on its page: accept it
 * (name, job title, organisation, e-mail, a typed signature), send it to the approver, ask for more
 * time, and download the single-supplier statement. Every text shown is rendered as text.
 */

/** The acceptance dialog, with its signature pad: loaded when the buyer opens it, never with the page. */
const AcceptForm = lazy(() => import('./accept-quote-form').then((m) => ({ default: m.AcceptForm })));

/** "Accepted by … on …", once accepted. */
export function AcceptedNotice({ quote }: { quote: QuoteResource }) {
  const acceptance = quote.acceptance;
  const text = useT();
  if (!acceptance) return null;
  return (
    <p
      data-testid="accepted-notice"
      className="rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900"
    >
      <span className="font-semibold">
        {text.t('quote.acceptedBy', 'Accepted by {name}, {jobTitle}, {organization}', {
          name: acceptance.name,
          jobTitle: acceptance.jobTitle,
          organization: acceptance.organization,
        })}
      </span>{' '}
      {text.t('quote.acceptedOn', 'on {date}.', { date: text.date(acceptance.acceptedAt) })}
    </p>
  );
}

function ApproverForm({ quote }: { quote: QuoteResource }) {
  const text = useT();
  const { t } = text;
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await api(`${quotePath(quote)}/send-to-approver`, { body: { email: email.trim() } });
      setMessage({ ok: true, text: t('approver.sent', 'We have e-mailed the quote to your approver.') });
      setEmail('');
    } catch (error) {
      setMessage({ ok: false, text: failure(error, text) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 flex flex-wrap items-end gap-3">
      <TextField
        className="min-w-64 flex-1"
        label={t('approver.email', "Approver's e-mail")}
        type="email"
        autoComplete="off"
        maxLength={254}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        hint={t('approver.hint', "We e-mail them this quote's link and figures, with your name and organisation.")}
      />
      <Button type="submit" disabled={busy || email.trim() === ''}>
        <Send aria-hidden="true" className="size-4" />{' '}
        {busy ? t('common.sending', 'Sending…') : t('approver.send', 'Send')}
      </Button>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'w-full text-sm text-green-800' : 'w-full text-sm text-red-700'}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

function ExtensionForm({ quote }: { quote: QuoteResource }) {
  const refresh = useRefresh(quote);
  const text = useT();
  const { t } = text;
  const [choice, setChoice] = useState<'days' | 'until'>('days');
  const [until, setUntil] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const body = choice === 'days' ? { days: EXTENSION_DAYS } : { until };
      const answer = await api<{ quote: QuoteResource }>(`${quotePath(quote)}/extension-request`, { body });
      refresh(answer.quote);
      setMessage({ ok: true, text: t('extension.requested', 'Extension requested: we will e-mail you our answer.') });
    } catch (error) {
      setMessage({ ok: false, text: failure(error, text) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-3">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-navy-900">{t('extension.howMuch', 'How much more time?')}</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="extension" checked={choice === 'days'} onChange={() => setChoice('days')} />
          {t('extension.moreDays', '{days} more days', { days: EXTENSION_DAYS })}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="extension" checked={choice === 'until'} onChange={() => setChoice('until')} />
          {t('extension.untilDate', 'Until a date')}
        </label>
      </fieldset>
      {choice === 'until' ? (
        <TextField
          label={t('quote.validUntilLabel', 'Valid until')}
          type="date"
          value={until}
          onChange={(event) => setUntil(event.currentTarget.value)}
        />
      ) : null}
      <Button type="submit" variant="outline" disabled={busy || (choice === 'until' && until === '')}>
        <CalendarClock aria-hidden="true" className="size-4" />{' '}
        {busy ? t('common.sending', 'Sending…') : t('extension.request', 'Request extension')}
      </Button>
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? 'text-sm text-green-800' : 'text-sm text-red-700'}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

/** The quote page's section for the buyer's organisation. */
export function QuoteActions({
  quote,
  ordered,
  expired,
}: {
  quote: QuoteResource;
  ordered: boolean;
  expired: boolean;
}) {
  const text = useT();
  const { t } = text;
  const [open, setOpen] = useState<'accept' | 'approver' | 'extension' | null>(null);
  const toggle = (panel: NonNullable<typeof open>) => setOpen((current) => (current === panel ? null : panel));
  const pendingExtension = quote.extensionRequest?.status === 'pending' ? quote.extensionRequest : null;
  const acceptable = !ordered && !expired && !quote.acceptance && quote.pricing !== null;
  // The server decides who accepts (an organisation's quote: its owner or an approver); the page says so.
  const canAccept = acceptable && (quote.acceptRule?.viewerMayAccept ?? true);
  const approversOnly = acceptable && quote.acceptRule?.who === 'organisation_approvers';
  return (
    <section aria-labelledby="organisation-heading" className="rounded-lg border border-navy-100 p-6">
      <h2 id="organisation-heading" className="text-xl font-semibold">
        {t('organisation.heading', 'For your organisation')}
      </h2>
      {pendingExtension ? (
        <p data-testid="extension-pending" className="mt-2 text-sm text-navy-800">
          {t('extension.pending', 'You asked for this quote to be extended to {date}; we will e-mail you our answer.', {
            date: text.date(pendingExtension.requestedUntil),
          })}
        </p>
      ) : quote.extensionRequest?.status === 'declined' ? (
        <p className="mt-2 text-sm text-navy-800">
          {t('extension.declined', 'We could not extend this quote as you asked.')}
        </p>
      ) : null}
      {approversOnly ? (
        <p data-testid="accept-rule" className="mt-2 text-sm text-navy-800">
          {canAccept
            ? t(
                'accept.approverMayAccept',
                'You can accept this quote for your organisation as its owner or one of its approvers.',
              )
            : t(
                'accept.approverOnlyNotice',
                'This quote belongs to an organisation: only its account owner or one of its approvers, signed in, can accept it. A buyer can send it to them.',
              )}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {canAccept ? (
          <Button onClick={() => toggle('accept')} aria-expanded={open === 'accept'}>
            <PenLine aria-hidden="true" className="size-4" /> {t('organisation.accept', 'Accept this quote')}
          </Button>
        ) : null}
        {!ordered && !expired ? (
          <Button variant="outline" onClick={() => toggle('approver')} aria-expanded={open === 'approver'}>
            <Send aria-hidden="true" className="size-4" /> {t('organisation.approver', 'Send to my approver')}
          </Button>
        ) : null}
        {!ordered && !pendingExtension ? (
          <Button variant="outline" onClick={() => toggle('extension')} aria-expanded={open === 'extension'}>
            <CalendarClock aria-hidden="true" className="size-4" />{' '}
            {t('organisation.extension', 'Request an extension')}
          </Button>
        ) : null}
        {quote.kind === 'repair' ? null : (
          <Button variant="outline" asChild>
            <a href={`${quotePath(quote)}/single-supplier-statement.pdf`} download>
              <FileText aria-hidden="true" className="size-4" />{' '}
              {t('organisation.statement', 'Single-supplier statement (PDF)')}
            </a>
          </Button>
        )}
      </div>
      {open === 'accept' && canAccept ? (
        <Suspense fallback={<p className="mt-4 text-sm text-navy-700">Loading…</p>}>
          <AcceptForm quote={quote} onDone={() => setOpen(null)} />
        </Suspense>
      ) : null}
      {open === 'approver' && !ordered && !expired ? <ApproverForm quote={quote} /> : null}
      {open === 'extension' && !ordered && !pendingExtension ? <ExtensionForm quote={quote} /> : null}
    </section>
  );
}
