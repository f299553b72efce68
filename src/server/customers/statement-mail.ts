import { eq } from 'drizzle-orm';
import { customerMessages } from '../../shared/admin/customer-schemas';
import { formatUkDate } from '../../shared/dates';
import type { RequestAuth } from '../accounts/request-auth';
import { writeAudit } from '../audit/audit-log';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { notFound } from '../http/http-error';
import { enqueueMails, pdfAttachment } from '../mail/outbox';
import { withAccountsPayable } from '../organisations/organisation-access';
import { documentFacts } from '../terms/terms-service';
import { customerStatementPdf, statementFilename } from './customer-statement';

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
    .select({ email: profiles.email, firstName: profiles.firstName })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!customer) throw notFound(customerMessages.notFound);
  const scope = { kind: 'account' as const, userId: input.userId };
  const [pdf, facts] = await Promise.all([
    customerStatementPdf(tx, scope, input.now, { mustExist: true, publicUrl: input.publicUrl }),
    documentFacts(tx, input.publicUrl),
  ]);
  const mails = await withAccountsPayable(tx, input.userId, {
    kind: 'customer_statement',
    to: customer.email,
    subject: `Your statement of account, ${formatUkDate(input.now)}`,
    text: [
      customer.firstName ? `Dear ${customer.firstName},` : 'Hello,',
      '',
      'Please find attached your statement of account: the invoices, credit notes, receipts and refunds of your orders, and what is owed.',
      '',
      `Your orders: ${input.publicUrl}/my-account`,
      '',
      facts.profile.legalName,
    ].join('\n'),
    attachments: [pdfAttachment(statementFilename(input.now), pdf)],
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
