import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PASSWORD_MIN, passwordDescriptor } from '../../shared/accounts/auth-schemas';
import { Button } from '../ui/button';
import { AuthField } from './auth-field';
import { FreshCodeForm } from './fresh-code-form';
import { Badge } from '../ui/badge';
import { useChangePassword } from './change-password';
import { MfaSetupCard } from './mfa-setup-card';
import { PrivacySection } from './privacy-section';
import { recoveryCodeStatusKey, regenerateRecoveryCodes, useRecoveryCodeStatus } from './recovery-codes';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useSignOutAndLeave } from '../lib/sign-out';
import { useUnenrollFactor } from './unenroll-factor';
import { PasskeysSection } from './passkeys-section';
import { refreshSession, type SessionData } from '../lib/use-session';
import { useT } from '../i18n/use-t';
import '../i18n/field-messages';

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const text = useT();
  const { t } = text;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setError(t('settings.enterCurrent', 'Please enter your current password.'));
    if (password.length < PASSWORD_MIN) return setError(passwordDescriptor.id);
    if (password !== confirm) return setError(t('settings.noMatch', 'The passwords do not match.'));
    setError(null);
    change.mutate(
      { currentPassword, password },
      {
        onSuccess: () => {
          toast.success(t('settings.passwordUpdated', 'Password updated successfully!'));
          onDone();
        },
        onError: (failure) => setError(text.said(failure) || t('settings.passwordFailed', 'Failed to update password')),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 max-w-md space-y-3">
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {text.said(error)}
        </p>
      ) : null}
      <AuthField
        label={t('settings.currentPassword', 'Current password')}
        type="password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <AuthField
        label={t('settings.newPassword', 'New password')}
        type="password"
        autoComplete="new-password"
        placeholder={t('settings.newPasswordPlaceholder', 'Create a password (min 6 characters)')}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <AuthField
        label={t('settings.confirmPassword', 'Confirm new password')}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('settings.saving', 'Saving...') : t('settings.savePassword', 'Save new password')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('settings.cancel', 'Cancel')}
        </Button>
      </div>
    </form>
  );
}

/** Unused recovery codes, and a new set (which voids the old one) on request, after a code. */
function RecoveryCodesSection() {
  const client = useQueryClient();
  const status = useRecoveryCodeStatus(true);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { t } = useT();
  const regenerate = async (code: string) => {
    setCodes(await regenerateRecoveryCodes(code));
    setConfirming(false);
    await client.invalidateQueries({ queryKey: recoveryCodeStatusKey });
  };
  if (codes)
    return <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} doneLabel={t('recovery.done', 'Done')} />;
  return (
    <div className="space-y-2 border-t border-navy-100 pt-3">
      <p className="text-sm text-navy-700">
        {t('recovery.status', 'Recovery codes: {unused}. Each signs you in once if you lose your authenticator app.', {
          unused: status.data ? t('recovery.unused', '{count} unused', { count: status.data.remaining }) : '...',
        })}
      </p>
      {confirming ? (
        <FreshCodeForm
          instructions={t(
            'recovery.newSetCode',
            'A new set replaces your current recovery codes. To confirm, enter a code from your authenticator app or one of your recovery codes.',
          )}
          submitLabel={t('recovery.createNew', 'Create new codes')}
          busyLabel={t('recovery.creating', 'Creating...')}
          fallbackError={t('recovery.createFailed', 'Failed to create new recovery codes')}
          onCode={regenerate}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          {t('recovery.generate', 'Generate new recovery codes')}
        </Button>
      )}
    </div>
  );
}

function MfaSection({ session }: { session: SessionData }) {
  const unenroll = useUnenrollFactor();
  const [enrolling, setEnrolling] = useState(false);
  const [disabling, setDisabling] = useState(false);
  const allVerified = session.factors?.filter((f) => f.status === 'verified') ?? [];
  // Passkeys have their own section; this one manages the authenticator apps.
  const verified = allVerified.filter((f) => f.factorType === 'totp');
  const passkeyOnly = verified.length === 0 && allVerified.length > 0;
  const isAdmin = session.profile?.isAdmin ?? false;
  const { t } = useT();
  const enabled = t('settings.enabled', 'Enabled');

  // One code removes one authenticator (a code is accepted once); with more than one, the button stays to remove the next.
  const disable = async (code: string) => {
    const [factor] = verified;
    if (!factor) return;
    await unenroll.mutateAsync({ factorId: factor.id, code });
    setDisabling(false);
    toast.success(
      verified.length > 1
        ? t('settings.authenticatorRemoved', 'Authenticator removed')
        : t('settings.mfaDisabled', 'Two-factor authentication disabled'),
    );
    await refreshSession().catch(() => undefined);
  };

  return (
    <section aria-labelledby="mfa-heading" className="rounded-lg border border-navy-100 p-5">
      <h3 id="mfa-heading" className="flex items-center gap-2 font-semibold text-navy-900">
        <ShieldCheck aria-hidden="true" className="size-5 text-accent-700" />{' '}
        {t('settings.mfa', 'Two-factor authentication')}
      </h3>
      {passkeyOnly ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-navy-700">
            <Badge className="mr-2 border-green-300 bg-green-100 text-green-900">{enabled}</Badge>
            {t('settings.asksPasskey', 'Signing in asks for your passkey (or a recovery code).')}
          </p>
          <RecoveryCodesSection />
        </div>
      ) : verified.length > 0 ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-navy-700">
            <Badge className="mr-2 border-green-300 bg-green-100 text-green-900">{enabled}</Badge>
            {t('settings.asksCode', 'Signing in asks for a code from your authenticator app.')}
          </p>
          <RecoveryCodesSection />
          {isAdmin && allVerified.length === verified.length ? (
            <p className="text-sm text-navy-600">
              {t('settings.adminsKeep', 'Administrators must keep two-factor authentication on.')}
            </p>
          ) : disabling ? (
            <FreshCodeForm
              instructions="To turn off two-factor authentication, enter a code from your authenticator app or one of your recovery codes."
              submitLabel="Disable two-factor authentication"
              busyLabel="Disabling..."
              fallbackError="Failed to disable two-factor authentication"
              onCode={disable}
              onCancel={() => setDisabling(false)}
            />
          ) : (
            <Button variant="outline" size="sm" onClick={() => setDisabling(true)}>
              {t('settings.disableMfa', 'Disable two-factor authentication')}
            </Button>
          )}
        </div>
      ) : enrolling ? (
        <div className="mt-4">
          <MfaSetupCard
            onComplete={() => {
              setEnrolling(false);
              toast.success(t('settings.mfaEnabled', 'Two-factor authentication enabled'));
            }}
            onCancel={() => setEnrolling(false)}
          />
        </div>
      ) : (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-navy-700">
            {t('settings.protect', 'Protect your account with a 6-digit code from an authenticator app.')}
          </p>
          <Button size="sm" onClick={() => setEnrolling(true)}>
            {t('settings.enableMfa', 'Enable two-factor authentication')}
          </Button>
        </div>
      )}
    </section>
  );
}

export function SettingsTab({ session }: { session: SessionData }) {
  const { signOutTo, isPending } = useSignOutAndLeave();
  const [changing, setChanging] = useState(false);
  const isAdmin = session.profile?.isAdmin ?? false;
  const { t } = useT();
  const customer = t('settings.customer', 'Customer');
  return (
    <div className="max-w-2xl space-y-6">
      <h2 className="text-xl font-semibold text-navy-900">{t('account.settings', 'Settings')}</h2>
      <dl className="grid gap-4 rounded-lg border border-navy-100 p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-navy-600">{t('settings.accountType', 'Account Type')}</dt>
          <dd className="mt-1 flex items-center gap-2 font-medium text-navy-900">
            {isAdmin ? t('settings.administrator', 'Administrator') : customer}
            <Badge
              className={
                isAdmin ? 'border-accent-300 bg-accent-50 text-accent-800' : 'border-navy-200 bg-navy-50 text-navy-800'
              }
            >
              {isAdmin ? t('settings.admin', 'Admin') : customer}
            </Badge>
          </dd>
        </div>
        <div>
          <dt className="text-sm text-navy-600">{t('quote.email', 'Email')}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2 font-medium text-navy-900">
            {session.user?.email}
            {session.profile?.emailVerified ? (
              <Badge className="border-green-300 bg-green-100 text-green-900">
                {t('settings.verified', 'Verified')}
              </Badge>
            ) : null}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="password-heading" className="rounded-lg border border-navy-100 p-5">
        <h3 id="password-heading" className="font-semibold text-navy-900">
          {t('settings.password', 'Password')}
        </h3>
        {changing ? (
          <ChangePasswordForm onDone={() => setChanging(false)} />
        ) : (
          <Button variant="outline" size="sm" className="mt-3" onClick={() => setChanging(true)}>
            {t('settings.changePassword', 'Change Password')}
          </Button>
        )}
      </section>
      <MfaSection session={session} />
      <PasskeysSection session={session} />
      <PrivacySection session={session} />
      <div className="flex flex-wrap gap-3">
        {isAdmin ? (
          <Button asChild variant="navy">
            <Link to="/admin">{t('settings.adminPortal', 'Admin Portal')}</Link>
          </Button>
        ) : null}
        <Button variant="outline" disabled={isPending} onClick={() => signOutTo('/')}>
          {t('settings.signOut', 'Sign Out')}
        </Button>
      </div>
    </div>
  );
}
