import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { instruments, orders, privacyRequests, serviceRequests, users } from '../db/schema';
import { getBusinessProfile } from '../business-profile/profile-service';
import { serviceClosureAccessMail } from '../service-requests/service-mail';
import { serviceMoves, type ServiceRequestStatus } from '../../shared/service-requests/service-lifecycle';
import { badRequest, forbidden } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { verifyPassword } from '../accounts/password';
import { verifySecondFactorProof } from '../accounts/mfa-service';
import { authRefusals } from '../../shared/accounts/auth-messages';
import { type ErasureSummary, messages } from '../../shared/privacy/privacy-contracts';
import { retention } from '../../shared/privacy/retention';
import type { Language } from '../../shared/i18n/languages';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import { erasePerson, maskEmail, subjectHash } from './erasure';

/** What the erasure deleted, in the order of `erasureTerms.deleted` (the English, held equal by a test). */
const deletedIds = ['account', 'profile', 'quotes', 'orders'] as const;

/**
 * The last e-mail a closed account gets: what went, what is kept and why; deleted from the outbox once
 * sent. In `language` (issue 40), the person's most recent order's, read before the erasure.
 */
export function erasureMail(to: string, publicUrl: string, summary: ErasureSummary, language: Language = 'en') {
  const tr = translator(language);
  const kept =
    summary.ordersHeld > 0
      ? [
          tr.t('mail.erasure.keptHeading'),
          `- ${tr.t('mail.erasure.kept', { years: String(retention.financialRecordYears) })}`,
        ]
      : [tr.t('mail.erasure.nothingKept')];
  return {
    kind: 'account_closed',
    language,
    to,
    subject: tr.t('mail.erasure.subject'),
    text: [
      tr.t('mail.erasure.deletedHeading'),
      ...deletedIds.map((id) => `- ${tr.t(`mail.erasure.deleted.${id}`)}`),
      '',
      ...kept,
      '',
      tr.t('mail.erasure.privacyPolicy', { url: `${publicUrl}/privacy-policy` }),
      '',
      tr.t('mail.erasure.last'),
      '',
    ].join('\n'),
    eraseWhenSent: true,
  };
}

/**
 * Closes the signed-in customer's account: their password, and a fresh code (or an unused recovery
 * code) where the account has a second factor, then the erasure, the final e-mail and a line in the
 * request register, in one transaction.
 */
export async function closeAccount(
  db: Db,
  input: {
    userId: string;
    aal: 'aal1' | 'aal2';
    hasVerifiedFactor: boolean;
    password: string;
    code: string | undefined;
    now: Date;
    publicUrl: string;
  },
): Promise<ErasureSummary> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.password)))
    throw badRequest(messages.wrongPassword, {
      code: 'invalid_password',
      fields: { password: messages.wrongPassword },
    });
  if (input.hasVerifiedFactor) {
    if (input.aal !== 'aal2') throw forbidden(authRefusals.mfaRequired, { code: 'mfa_required' });
    await verifySecondFactorProof(db, { userId: input.userId, code: input.code, now: input.now });
  }
  return db.transaction(async (tx) => {
    const open = await openServiceRequestsOf(tx, user.id);
    const language = await recipientLanguage(tx, { userId: user.id });
    const summary = await erasePerson(tx, {
      email: user.email,
      userId: user.id,
      now: input.now,
      publicUrl: input.publicUrl,
    });
    await enqueueMail(tx, erasureMail(user.email, input.publicUrl, summary, language));
    await keepOpenRequestsReachable(tx, { to: user.email, requestIds: open, publicUrl: input.publicUrl, language });
    await tx.insert(privacyRequests).values({
      type: 'erasure',
      subjectHash: subjectHash(user.email),
      subjectMasked: maskEmail(user.email),
      receivedOn: input.now.toISOString().slice(0, 10),
      channel: 'account',
      outcome: 'erased',
      handledByEmail: 'self-service (My Account)',
      completedAt: input.now,
      createdAt: input.now,
    });
    return summary;
  });
}

const openStatuses = (Object.keys(serviceMoves) as ServiceRequestStatus[]).filter(
  (status) => serviceMoves[status].length > 0,
);

/** The open service requests of the account's orders' instruments. */
async function openServiceRequestsOf(tx: Db, userId: string) {
  const rows = await tx
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .innerJoin(instruments, eq(instruments.id, serviceRequests.instrumentId))
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(and(eq(orders.userId, userId), inArray(serviceRequests.status, openStatuses)));
  return rows.map((row) => row.id);
}

/**
 * Issue 41: an open service request survives the closure (its order is kept under legal hold): each
 * gets a secret key, e-mailed to the person, that opens that request's page (and nothing else) until
 * the request is closed (move-service-request.ts forgets the key then).
 */
async function keepOpenRequestsReachable(
  tx: Db,
  input: { to: string; requestIds: string[]; publicUrl: string; language: Language },
) {
  if (input.requestIds.length === 0) return;
  const kept = await tx
    .select({ id: serviceRequests.id, requestNumber: serviceRequests.requestNumber, serial: instruments.serialNumber })
    .from(serviceRequests)
    .innerJoin(instruments, eq(instruments.id, serviceRequests.instrumentId))
    .where(inArray(serviceRequests.id, input.requestIds));
  if (kept.length === 0) return;
  const links: { requestNumber: string; serialNumber: string; url: string }[] = [];
  for (const request of kept) {
    const key = randomBytes(32).toString('base64url');
    await tx.update(serviceRequests).set({ closureKey: key }).where(eq(serviceRequests.id, request.id));
    links.push({
      requestNumber: request.requestNumber,
      serialNumber: request.serial,
      url: `${input.publicUrl}/service-requests/${encodeURIComponent(request.requestNumber)}?key=${encodeURIComponent(key)}`,
    });
  }
  await enqueueMail(
    tx,
    serviceClosureAccessMail({
      to: input.to,
      profile: await getBusinessProfile(tx),
      requests: links,
      language: input.language,
    }),
  );
}
