import { useQueryClient } from '@tanstack/react-query';
import { Download, UserX } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { erasureTerms } from '../../shared/privacy/privacy-contracts';
import { retention } from '../../shared/privacy/retention';
import { useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { noteSignedOutTo } from '../lib/sign-out';
import { type SessionData, setSignedOut } from '../lib/use-session';
import { AuthField } from './auth-field';
import { errorMessage } from './auth-request';
import { FreshCodeForm } from './fresh-code-form';
import { closeAccount, useLatestExport, useRequestExport } from './privacy-requests';
import { CloseAccountService } from './close-account-service';
import '../i18n/field-messages';

const link = 'font-medium text-accent-700 underline underline-offset-2';

/** Download my data: a ZIP built in the background and linked from an e-mail. */
function DownloadSection({ hasFactor }: { hasFactor: boolean }) {
  const latest = useLatestExport();
  const request = useRequestExport();
  const [confirming, setConfirming] = useState(false);
  const { t } = useT();
  const ask = async (code?: string) => {
    await request.mutateAsync(code);
    setConfirming(false);
    toast.success(t('privacy.preparing', 'We are preparing your data. We will e-mail you a download link.'));
  };
  const current = latest.data;
  return (
    <section aria-labelledby="data-heading" className="rounded-lg border border-navy-100 p-5">
      <h3 id="data-heading" className="flex items-center gap-2 font-semibold text-navy-900">
        <Download aria-hidden="true" className="size-5 text-accent-700" /> {t('privacy.download', 'Download my data')}
      </h3>
      <p className="mt-2 text-sm text-navy-700">
        {t(
          'privacy.downloadIntro',
          'A ZIP file with your profile, sign-in history, quotes, orders, payments and documents as machine-readable JSON, and your quote and invoice PDFs. It is usually ready within a minute; we e-mail you a link that works for {hours} hours.',
          { hours: retention.exportLinkHours },
        )}
      </p>
      {current ? (
        <p role="status" className="mt-2 text-sm text-navy-800">
          {current.status === 'pending'
            ? t('privacy.exportPending', 'Your copy is being prepared…')
            : current.status === 'ready'
              ? t('privacy.exportReady', 'Your copy is ready: we have e-mailed you the download link.')
              : t('privacy.exportFailed', 'Preparing your copy failed. Please ask again.')}
        </p>
      ) : null}
      <div className="mt-3">
        {confirming ? (
          <FreshCodeForm
            instructions={t(
              'privacy.confirmCode',
              'To confirm it is you, enter a code from your authenticator app or one of your recovery codes.',
            )}
            submitLabel={t('privacy.prepare', 'Prepare my data')}
            busyLabel={t('privacy.asking', 'Asking...')}
            fallbackError={t('privacy.askFailed', 'Failed to ask for your data')}
            onCode={ask}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <Button
            variant="outline"
            size="sm"
            disabled={request.isPending || current?.status === 'pending'}
            onClick={() =>
              hasFactor
                ? setConfirming(true)
                : void ask().catch((e: unknown) => toast.error(errorMessage(e) ?? t('privacy.failed', 'Failed')))
            }
          >
            {t('privacy.download', 'Download my data')}
          </Button>
        )}
      </div>
    </section>
  );
}

/** Close my account: what goes and what the law keeps, then the password (and a code) to confirm. */
function CloseAccountSection({ hasFactor, isAdmin }: { hasFactor: boolean; isAdmin: boolean }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useT();
  const { t } = text;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!understood) return setError(t('privacy.confirmClose', 'Please confirm that you want to close your account.'));
    if (!password) return setError(t('privacy.enterPassword', 'Please enter your password.'));
    if (hasFactor && !code.trim())
      return setError(t('privacy.enterCode', 'Please enter a code from your authenticator app.'));
    setBusy(true);
    setError(null);
    try {
      await closeAccount({ password, confirm: true, ...(hasFactor ? { code: code.trim() } : {}) });
      noteSignedOutTo('/');
      navigate('/');
      setSignedOut();
      client.removeQueries();
      toast.success(
        t('privacy.closed', 'Your account is closed. We have sent you a last e-mail saying what we keep and why.'),
      );
    } catch (failure) {
      setError(text.said(failure) || t('privacy.closeFailed', 'Failed to close your account'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="close-heading" className="rounded-lg border border-red-200 p-5">
      <h3 id="close-heading" className="flex items-center gap-2 font-semibold text-navy-900">
        <UserX aria-hidden="true" className="size-5 text-red-700" /> {t('privacy.close', 'Close my account')}
      </h3>
      {!open ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-navy-700">
            {t(
              'privacy.closeIntro',
              'Deletes your account and your data, except the records the law requires us to keep.',
            )}
          </p>
          <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
            {t('privacy.closeOpen', 'Close my account…')}
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 space-y-4">
          <div className="text-sm text-navy-800">
            <p className="font-medium">{t('privacy.deleteAtOnce', 'We delete at once:')}</p>
            <ul lang="en" className="mt-1 list-disc space-y-1 pl-5">
              {erasureTerms.deleted.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-3 font-medium">{t('privacy.weKeep', 'We keep, because the law requires it:')}</p>
            <ul lang="en" className="mt-1 list-disc space-y-1 pl-5">
              {erasureTerms.kept.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <CloseAccountService />
            <p className="mt-3">
              {t('privacy.lastEmail', 'We send you one last e-mail to confirm. You may want to')}{' '}
              <a className={link} href="#data-heading">
                {t('privacy.downloadYourData', 'download your data')}
              </a>{' '}
              {t('privacy.firstSeeOur', 'first. See our')}{' '}
              <Link className={link} to="/privacy-policy">
                {t('privacy.policy', 'privacy policy')}
              </Link>
              .
            </p>
            {isAdmin ? (
              <p className="mt-2 text-navy-700">
                {t('privacy.onlyAdmin', 'The only administrator account cannot be closed.')}
              </p>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {text.said(error)}
            </p>
          ) : null}
          <label className="flex items-start gap-2 text-sm text-navy-900">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
            />
            {t('privacy.understand', 'I understand that my account and data are deleted and this cannot be undone.')}
          </label>
          <AuthField
            label={t('privacy.password', 'Password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className="max-w-md"
          />
          {hasFactor ? (
            <AuthField
              label={t('privacy.code', 'Authenticator or recovery code')}
              autoComplete="one-time-code"
              value={code}
              maxLength={64}
              onChange={(event) => setCode(event.target.value)}
              className="max-w-md"
            />
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              {busy ? t('privacy.closing', 'Closing...') : t('privacy.close', 'Close my account')}
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => setOpen(false)}>
              {t('privacy.cancel', 'Cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The privacy rights a customer uses themselves: a copy of their data, and closing the account. */
export function PrivacySection({ session }: { session: SessionData }) {
  const hasFactor = (session.factors ?? []).some((factor) => factor.status === 'verified');
  return (
    <>
      <DownloadSection hasFactor={hasFactor} />
      <CloseAccountSection hasFactor={hasFactor} isAdmin={session.profile?.isAdmin ?? false} />
    </>
  );
}
