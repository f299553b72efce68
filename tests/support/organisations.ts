import type { OrganisationRole } from '../../src/shared/accounts/organisation-schemas';
import { linkFromOutbox } from './sessions';
import type { TestApp } from './test-app';

/** The token of an e-mailed organisation invitation link. */
export const invitationToken = (link: string) => new URL(link).searchParams.get('token') ?? '';

/**
 * The organisation's owner invites a signed-in colleague by e-mail with a role, and the colleague
 * accepts from the e-mailed link (from `remoteAddress`, so per-client limits stay out of the way).
 */
export async function inviteColleague(
  t: TestApp,
  ownerCookie: string,
  colleague: { user: { email: string }; cookie: string },
  role: OrganisationRole,
  remoteAddress: string,
) {
  const invited = await t.post(
    '/api/account/organisation/invitations',
    { email: colleague.user.email, role },
    { cookie: ownerCookie },
  );
  if (invited.statusCode !== 201) throw new Error(`invitation refused: ${invited.statusCode} ${invited.body}`);
  const token = invitationToken(await linkFromOutbox(t, colleague.user.email, 'organisation_invitation'));
  const accepted = await t.post(
    '/api/organisation-invitations/accept',
    { token },
    { remoteAddress, cookie: colleague.cookie },
  );
  if (accepted.statusCode !== 200) throw new Error(`invitation not accepted: ${accepted.statusCode} ${accepted.body}`);
  return accepted;
}

/** An approver at a German university who accepts a quote by name, with a typed signature. */
export const universityApprover = {
  name: 'Otto Hahn',
  jobTitle: 'Kanzler',
  organization: 'Uni Heidelberg',
  email: 'kanzler@uni-heidelberg.example',
  signature: 'Otto Hahn',
};
