import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import {
  type Organisation,
  type OrganisationRole,
  organisationRoleDoes,
  organisationRoleNames,
  organisationRoles,
} from '../../shared/accounts/organisation-schemas';
import { type PageText, useT } from '../i18n/use-t';
import { Button } from '../ui/button';
import { AuthField } from './auth-field';
import {
  EINVOICE_DELIVERIES,
  type EInvoiceDelivery,
  einvoiceDeliveryHint,
  einvoiceDeliveryLabel,
  isEInvoiceDelivery,
} from './einvoice-delivery-words';
import {
  useAccountOrganisation,
  useChangeMemberRole,
  useCreateOrganisation,
  useInviteMember,
  useLeaveOrganisation,
  useRemoveMember,
  useRevokeInvitation,
  useSetOrganisationEInvoiceDelivery,
} from './account-organisation';
import '../i18n/field-messages';

const alert = 'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800';
const selectClass =
  'block h-10 rounded-md border border-navy-200 bg-white px-2 text-sm text-navy-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600';
const ukDate = (iso: string, { language }: PageText) =>
  new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

function RoleSelect(props: {
  value: OrganisationRole;
  onChange: (role: OrganisationRole) => void;
  label: string;
  disabled?: boolean;
}) {
  const text = useT();
  return (
    <select
      aria-label={props.label}
      className={selectClass}
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value as OrganisationRole)}
    >
      {organisationRoles.map((role) => (
        <option key={role} value={role}>
          {text.message(organisationRoleNames[role])}
        </option>
      ))}
    </select>
  );
}

/** No organisation yet: create one, named as the profile's organisation unless typed. */
function CreateOrganisation({ company }: { company: string | null }) {
  const create = useCreateOrganisation();
  const [name, setName] = useState(company ?? '');
  const text = useT();
  const { t } = text;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim() || undefined, {
      onSuccess: () => toast.success(t('organisation.created', 'Organisation created')),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="max-w-xl space-y-4">
      <p className="text-sm text-navy-700">
        {t(
          'organisation.createIntro',
          'Create your organisation to invite colleagues: they will see its quotes, orders, instruments and documents without your password. An approver can accept quotes; accounts payable receives the invoices by e-mail.',
        )}
      </p>
      {create.isError ? (
        <p role="alert" className={alert}>
          {text.said(create.error)}
        </p>
      ) : null}
      <AuthField
        label={t('organisation.name', 'Organisation name')}
        name="organisation"
        autoComplete="organization"
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t('organisation.creating', 'Creating...') : t('organisation.create', 'Create organisation')}
      </Button>
    </form>
  );
}

function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganisationRole>('buyer');
  const text = useT();
  const { t } = text;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          toast.success(t('organisation.invited', 'Invitation sent'));
          setEmail('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className="text-lg font-semibold text-navy-900">
        {t('organisation.invite', 'Invite a colleague')}
      </h3>
      {invite.isError ? (
        <p role="alert" className={alert}>
          {text.said(invite.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <AuthField
          label={t('accept.email', 'E-mail')}
          type="email"
          name="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label className="text-sm font-medium text-navy-900">
          {t('organisation.role', 'Role')}
          <RoleSelect label={t('organisation.role', 'Role')} value={role} onChange={setRole} />
        </label>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('organisation.sending', 'Sending...') : t('organisation.send', 'Send invitation')}
        </Button>
      </div>
      <p className="text-sm text-navy-600">
        {text.message(organisationRoleDoes[role])} {t('organisation.linkOnce', 'The link works once, for 7 days.')}
      </p>
    </form>
  );
}

function Members({ organisation }: { organisation: Organisation }) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const failure = changeRole.error ?? remove.error;
  const text = useT();
  const { t } = text;
  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h3 id="members-heading" className="text-lg font-semibold text-navy-900">
        {t('organisation.members', 'Members')}
      </h3>
      {failure ? (
        <p role="alert" className={alert}>
          {text.said(failure)}
        </p>
      ) : null}
      <ul className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white">
        {organisation.members.map((member) => (
          <li key={member.userId} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div>
              <p className="font-medium text-navy-900">
                {member.name ?? member.email}
                {member.isOwner ? (
                  <span className="ml-2 text-sm font-normal text-navy-500">{t('organisation.owner', '(owner)')}</span>
                ) : null}
              </p>
              <p className="text-sm text-navy-600">
                {member.name ? `${member.email} · ` : ''}
                {t('organisation.joined', 'joined {date}', { date: ukDate(member.joinedAt, text) })}
              </p>
            </div>
            {organisation.isOwner ? (
              <div className="flex items-center gap-2">
                <RoleSelect
                  label={t('organisation.roleOf', 'Role of {email}', { email: member.email })}
                  value={member.role}
                  disabled={changeRole.isPending}
                  onChange={(role) =>
                    changeRole.mutate(
                      { userId: member.userId, role },
                      { onSuccess: () => toast.success(t('organisation.roleChanged', 'Role changed')) },
                    )
                  }
                />
                {member.isOwner ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (
                        window.confirm(
                          t(
                            'organisation.removeConfirm',
                            "Remove {email} from {name}? They will no longer see the organisation's quotes, orders and documents.",
                            { email: member.email, name: organisation.name },
                          ),
                        )
                      )
                        remove.mutate(member.userId, {
                          onSuccess: () => toast.success(t('organisation.removed', 'Member removed')),
                        });
                    }}
                  >
                    {t('organisation.remove', 'Remove')}
                  </Button>
                )}
              </div>
            ) : (
              <span className="text-sm text-navy-700">{text.message(organisationRoleNames[member.role])}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Invitations({ organisation }: { organisation: Organisation }) {
  const revoke = useRevokeInvitation();
  const text = useT();
  const { t } = text;
  if (organisation.invitations.length === 0) return null;
  return (
    <section aria-labelledby="invitations-heading" className="space-y-3">
      <h3 id="invitations-heading" className="text-lg font-semibold text-navy-900">
        {t('organisation.openInvitations', 'Open invitations')}
      </h3>
      <ul className="divide-y divide-navy-100 rounded-lg border border-navy-100 bg-white">
        {organisation.invitations.map((invitation) => (
          <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
            <span className="text-navy-900">
              {invitation.email} · {text.message(organisationRoleNames[invitation.role])} ·{' '}
              {invitation.status === 'expired'
                ? t('organisation.expired', 'expired')
                : t('organisation.until', 'until {date}', { date: ukDate(invitation.expiresAt, text) })}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(invitation.id)}
            >
              {t('organisation.revoke', 'Revoke')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How the organisation's invoices are e-mailed (issue 52, decision 0079): the owner chooses and saves it;
 * the other members read it (their own choice is on the Profile tab).
 */
function EInvoiceDeliverySetting({ organisation }: { organisation: Organisation }) {
  const save = useSetOrganisationEInvoiceDelivery();
  const current = organisation.einvoiceDelivery ?? 'pdf';
  const [choice, setChoice] = useState<EInvoiceDelivery>(current);
  const text = useT();
  const { t } = text;
  if (!organisation.isOwner)
    return (
      <p data-testid="organisation-einvoice-delivery" className="text-sm text-navy-700">
        {t(
          'einvoiceDelivery.organisationChoice',
          'The organisation’s invoices are e-mailed as: {choice}. Its owner chooses this; your own choice is on the Profile tab.',
          { choice: einvoiceDeliveryLabel(text, current) },
        )}
      </p>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(choice);
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-labelledby="einvoice-delivery-heading">
      <h3 id="einvoice-delivery-heading" className="text-lg font-semibold text-navy-900">
        {t('einvoiceDelivery.organisationHeading', 'How the organisation’s invoices are e-mailed')}
      </h3>
      {save.isError ? (
        <p role="alert" className={alert}>
          {text.said(save.error) || t('einvoiceDelivery.failed', 'Failed to save how invoices are e-mailed')}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <select
          name="einvoiceDelivery"
          aria-labelledby="einvoice-delivery-heading"
          aria-describedby="einvoice-delivery-hint"
          className={selectClass}
          value={choice}
          onChange={(event) => {
            if (isEInvoiceDelivery(event.target.value)) setChoice(event.target.value);
            save.reset();
          }}
        >
          {EINVOICE_DELIVERIES.map((delivery) => (
            <option key={delivery} value={delivery}>
              {einvoiceDeliveryLabel(text, delivery)}
            </option>
          ))}
        </select>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('settings.saving', 'Saving...') : t('einvoiceDelivery.save', 'Save invoice delivery')}
        </Button>
      </div>
      <p id="einvoice-delivery-hint" className="text-sm text-navy-600">
        {einvoiceDeliveryHint(text)}
      </p>
      {save.isSuccess ? (
        <p role="status" className="text-sm text-green-800">
          {t('einvoiceDelivery.saved', 'Saved: the organisation’s invoices are now e-mailed as {choice}.', {
            choice: einvoiceDeliveryLabel(text, save.variables),
          })}
        </p>
      ) : null}
    </form>
  );
}

function LeaveOrganisation({ organisation }: { organisation: Organisation }) {
  const leave = useLeaveOrganisation();
  const text = useT();
  const { t } = text;
  return (
    <div className="space-y-2">
      {leave.isError ? (
        <p role="alert" className={alert}>
          {text.said(leave.error)}
        </p>
      ) : null}
      <Button
        variant="outline"
        disabled={leave.isPending}
        onClick={() => {
          if (
            window.confirm(
              t(
                'organisation.leaveConfirm',
                'Leave {name}? You will no longer see its quotes, orders and documents, only your own.',
                { name: organisation.name },
              ),
            )
          )
            leave.mutate(undefined, {
              onSuccess: () => toast.success(t('organisation.left', 'You left the organisation')),
            });
        }}
      >
        {t('organisation.leave', 'Leave organisation')}
      </Button>
    </div>
  );
}

/** My Account's Organisation tab (issue 39): the organisation, its members and, for its owner, their management. */
export function OrganisationTab({ company }: { company: string | null }) {
  const query = useAccountOrganisation();
  const text = useT();
  const { t } = text;
  if (query.isPending)
    return (
      <p role="status" className="text-sm text-navy-600">
        {t('organisation.loading', 'Loading your organisation...')}
      </p>
    );
  if (query.isError)
    return (
      <p role="alert" className={alert}>
        {t('organisation.loadFailed', 'Failed to load your organisation. Please try again.')}
      </p>
    );
  const organisation = query.data.organisation;
  return (
    <div className="max-w-3xl space-y-6">
      <h2 className="text-xl font-semibold text-navy-900">
        {organisation ? organisation.name : t('accept.organisation', 'Organisation')}
      </h2>
      {organisation ? (
        <>
          <p className="text-sm text-navy-700">
            {t('organisation.yourRole', 'Your role:')}{' '}
            <strong>{text.message(organisationRoleNames[organisation.role])}</strong>
            {organisation.isOwner ? ` ${t('organisation.ownerManages', '(owner: you manage its members)')}` : ''}.{' '}
            {t(
              'organisation.youSee',
              "You see the organisation's quotes, orders, instruments and documents in My Account.",
            )}
          </p>
          <p data-testid="organisation-acceptance-rule" className="text-sm text-navy-700">
            {organisation.ordersRequireAcceptedQuote
              ? t(
                  'organisation.acceptanceRequired',
                  'Orders need an accepted quote: an approver or the owner accepts a quote before it can be ordered. We set this for your organisation on request.',
                )
              : t(
                  'organisation.acceptanceOptional',
                  'Quotes can be ordered without being accepted first. An approver or the owner accepts quotes.',
                )}
          </p>
          {organisation.ordersRequirePoNumber ? (
            <p data-testid="organisation-po-rule" className="text-sm text-navy-700">
              {t(
                'organisation.poRequired',
                'Orders require a PO number: the order flow asks for it. We set this for your organisation on request.',
              )}
            </p>
          ) : null}
          <EInvoiceDeliverySetting organisation={organisation} />
          <Members organisation={organisation} />
          {organisation.isOwner ? (
            <>
              <Invitations organisation={organisation} />
              <InviteForm />
            </>
          ) : (
            <LeaveOrganisation organisation={organisation} />
          )}
        </>
      ) : (
        <CreateOrganisation company={company} />
      )}
    </div>
  );
}
