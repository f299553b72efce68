import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { useT } from '../i18n/use-t';
import { refreshSession, type SessionData, type SessionFactor } from '../lib/use-session';
import { Button } from '../ui/button';
import { AuthField } from './auth-field';
import { FreshCodeForm } from './fresh-code-form';
import { PasskeyButton } from '../ui/passkey-button';
import { passkeyAssertion, registerPasskey } from '../lib/passkeys';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { unenrollFactor } from './unenroll-factor';

const NAME_MAX = 100;

/** Adds a passkey: a name, the proof of an existing factor when there is one, then the device's prompt. */
function AddPasskey({
  needsCode,
  hasPasskey,
  onAdded,
  onCancel,
}: {
  needsCode: boolean;
  /** The proof may be one of the user's passkeys instead of a code. */
  hasPasskey: boolean;
  onAdded: (codes?: string[]) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const { t } = useT();
  const addFailed = t('passkeys.addFailed', 'Failed to add the passkey. Please try again.');
  const add = async (code?: string, proveWithPasskey = false) => {
    const friendlyName = name.trim() || undefined;
    const passkey = proveWithPasskey ? await passkeyAssertion() : undefined;
    const { recoveryCodes } = await registerPasskey({
      ...(friendlyName ? { friendlyName } : {}),
      ...(code ? { code } : {}),
      ...(passkey ? { passkey } : {}),
    });
    onAdded(recoveryCodes);
  };
  return (
    <div className="max-w-md space-y-3 rounded-md border border-navy-100 p-4">
      <AuthField
        label={t('passkeys.name', 'Passkey name')}
        placeholder={t('passkeys.example', 'For example: Work laptop')}
        maxLength={NAME_MAX}
        value={name}
        onChange={(event) => setName(event.target.value.replace(/\p{Cc}/gu, ''))}
      />
      {needsCode ? (
        <FreshCodeForm
          instructions={t(
            'passkeys.addCode',
            'To add a passkey, first enter a code from your authenticator app or one of your recovery codes. Your device then asks you to create the passkey.',
          )}
          submitLabel={t('passkeys.create', 'Create passkey')}
          busyLabel={t('passkeys.waiting', 'Waiting for your passkey...')}
          fallbackError={addFailed}
          onCode={add}
          onCancel={onCancel}
        />
      ) : null}
      {needsCode && hasPasskey ? (
        <PasskeyButton
          variant="outline"
          label={t('passkeys.confirmInstead', 'Confirm with a passkey instead')}
          fallbackError={addFailed}
          onPasskey={() => add(undefined, true)}
        />
      ) : null}
      {needsCode ? null : (
        <>
          <PasskeyButton
            label={t('passkeys.create', 'Create passkey')}
            fallbackError={addFailed}
            onPasskey={() => add()}
          />
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            {t('passkeys.cancel', 'Cancel')}
          </Button>
        </>
      )}
    </div>
  );
}

function PasskeyRow({
  passkey,
  onRemove,
}: {
  passkey: SessionFactor;
  /** Removes it with a fresh code, or (no code) after an assertion with one of the user's passkeys. */
  onRemove: (code?: string) => Promise<void>;
}) {
  const [removing, setRemoving] = useState(false);
  const text = useT();
  const { t } = text;
  const name = passkey.friendlyName ?? 'Passkey';
  const removeFailed = t('passkeys.removeFailed', 'Failed to remove the passkey. Please try again.');
  return (
    <li className="space-y-3 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium text-navy-900">{name}</p>
          <p className="text-sm text-navy-600">
            {t('passkeys.used', 'Added {added} · Last used {used}', {
              added: text.date(passkey.createdAt),
              used: passkey.lastUsedAt ? text.date(passkey.lastUsedAt) : t('passkeys.never', 'never'),
            })}
          </p>
        </div>
        {removing ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('passkeys.removeNamed', 'Remove passkey {name}', { name })}
            onClick={() => setRemoving(true)}
          >
            {t('passkeys.remove', 'Remove')}
          </Button>
        )}
      </div>
      {removing ? (
        <FreshCodeForm
          instructions={t(
            'passkeys.removeCode',
            'To remove the passkey "{name}", enter a code from your authenticator app or one of your recovery codes.',
            { name },
          )}
          submitLabel={t('passkeys.removePasskey', 'Remove passkey')}
          busyLabel={t('passkeys.removing', 'Removing...')}
          fallbackError={removeFailed}
          onCode={onRemove}
          onCancel={() => setRemoving(false)}
        />
      ) : null}
      {removing ? (
        <div className="max-w-md">
          <PasskeyButton
            variant="outline"
            label={t('passkeys.confirmInstead', 'Confirm with a passkey instead')}
            fallbackError={removeFailed}
            onPasskey={() => onRemove()}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * Passkeys in the account's security settings (issue 24): the list with when each was added and
 * last used, Add (with a fresh code once a factor is verified) and Remove (with a fresh code).
 */
export function PasskeysSection({ session }: { session: SessionData }) {
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { t } = useT();
  const verified = session.factors?.filter((f) => f.status === 'verified') ?? [];
  const passkeys = verified.filter((f) => f.factorType === 'webauthn');

  const refresh = () => refreshSession().catch(() => undefined);

  return (
    <section aria-labelledby="passkeys-heading" className="rounded-lg border border-navy-100 p-5">
      <h3 id="passkeys-heading" className="flex items-center gap-2 font-semibold text-navy-900">
        <KeyRound aria-hidden="true" className="size-5 text-accent-700" /> {t('passkeys.heading', 'Passkeys')}
      </h3>
      <p className="mt-2 text-sm text-navy-700">
        {t(
          'passkeys.intro',
          "Confirm your sign-in with your device's screen lock or a security key. A passkey cannot be phished the way a six-digit code can.",
        )}
      </p>
      {codes ? (
        <div className="mt-4">
          <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
        </div>
      ) : null}
      {passkeys.length > 0 ? (
        <ul aria-label={t('passkeys.yours', 'Your passkeys')} className="mt-3 divide-y divide-navy-100">
          {passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              onRemove={async (code) => {
                await unenrollFactor(passkey.id, code, code === undefined ? await passkeyAssertion() : undefined);
                toast.success(t('passkeys.removed', 'Passkey removed'));
                await refresh();
              }}
            />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-navy-600">{t('passkeys.none', 'You have no passkeys yet.')}</p>
      )}
      <div className="mt-3">
        {adding ? (
          <AddPasskey
            needsCode={verified.length > 0}
            hasPasskey={passkeys.length > 0}
            onCancel={() => setAdding(false)}
            onAdded={(recoveryCodes) => {
              setAdding(false);
              if (recoveryCodes) setCodes(recoveryCodes);
              toast.success(t('passkeys.added', 'Passkey added'));
              void refresh();
            }}
          />
        ) : (
          <Button size="sm" onClick={() => setAdding(true)}>
            {t('passkeys.add', 'Add a passkey')}
          </Button>
        )}
      </div>
    </section>
  );
}
