import { greetingLine } from '../../shared/i18n/greeting';
import { recipientLanguage } from '../accounts/recipient-language';
import { eq } from 'drizzle-orm';
import { customerMessages } from '../../shared/customers/customer-schemas';
import { translator } from '../../shared/i18n/translator';
import type { RequestAuth } from '../accounts/request-auth';
import { writeAudit } from '../audit/audit-log';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { notFound } from '../http/http-error';
import { enqueueMails, pdfAttachment } from '../mail/outbox';
import { withAccountsPayable } from '../organisations/organisation-access';
import { documentFacts } from '../terms/terms-service';
import { customerStatementPdf, loadStatement, statementFilename } from './customer-statement';

/**
 * Staff e-mail an account customer their statement of account (the PDF the customer page
 * downloads), and a copy to each accounts-payable member of the customer's organisation, each
 * address once (issue 39, decision 0068). Audited on the customer. Returns the addresses.
 */
export async function emailStatement(
  tx: Db,
  input: { admin: Pick<RequestAuth, 'userId' | 'email'>; userId: string; now: Date; publicUrl: string },
): Promise<string[]> {
  const [customer] = await tx
    .select({
      email: profiles.email,
      title: profiles.title,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!customer) throw notFound(customerMessages.notFound);
  const scope = { kind: 'account' as const, userId: input.userId };
  const statement = await loadStatement(tx, scope);
  const [pdf, facts] = await Promise.all([
    customerStatementPdf(tx, scope, input.now, { mustExist: true, publicUrl: input.publicUrl, statement }),
    documentFacts(tx, input.publicUrl),
  ]);
  // Issue 53: the e-mail in the statement's language (the customer's: recipientLanguage).
  const tr = translator(recipientLanguage(statement));
  const mails = await withAccountsPayable(tx, input.userId, {
    kind: 'customer_statement',
    language: tr.language,
    to: customer.email,
    subject: tr.t('mail.statement.subject', { date: tr.date(input.now) }),
    text: [
      greetingLine(tr, customer, 'mail.hello'),
      '',
      tr.t('mail.statement.attached'),
      '',
      tr.t('mail.statement.yourOrders', { url: `${input.publicUrl}/my-account` }),
      '',
      facts.profile.legalName,
    ].join('\n'),
    attachments: [pdfAttachment(statementFilename(input.now, tr.language), pdf)],
  });
  await enqueueMails(tx, mails);
  await writeAudit(tx, {
    admin: input.admin,
    action: 'customer.statement_sent',
    entityType: 'user',
    entityId: input.userId,
    before: null,
    after: { recipients: mails.length },
    now: input.now,
  });
  return mails.map((mail) => mail.to);
}
