import { recipientLanguage } from '../accounts/recipient-language';
import { eq, sql } from 'drizzle-orm';
import { cleanLine } from '../../shared/clean-text';
import { translator, type Translator } from '../../shared/i18n/translator';
import { customerStatementPdf, loadStatement, statementFilename } from './customer-statement';
import { type Db, queryRows } from '../db/client';
import { auditLog, organisationMembers, organisationStatements } from '../db/schema';
import type { DailyJob, JobResult } from '../jobs/scheduler';
import { enqueueMails, type OutgoingMail, pdfAttachment } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { accountsPayableEmails } from '../organisations/organisation-access';

export const ORGANISATION_STATEMENTS_JOB = 'organisation-statements';

/**
 * The statements go on the 1st of the month; a run on a later day of the month's first week (the job
 * did not run on the 1st: the shop was down) sends the month's statement then. After the 7th a month
 * with no statement waits for the next 1st, so a statement never goes mid-month.
 */
export const STATEMENT_LAST_DAY = 7;

/** The month a statement is for, `YYYY-MM` (UTC, as the scheduler's day). */
export const statementPeriodOf = (now: Date) => now.toISOString().slice(0, 7);

type Statement = Awaited<ReturnType<typeof loadStatement>>;

/**
 * The e-mail's subject and text, in the statement's language (issue 40: the organisation's most recent
 * order's; English when none): the month ("December 2026", "Dezember 2026") and each open invoice.
 */
function statementMail(
  tr: Translator,
  input: { name: string; period: string; statement: Statement; publicUrl: string; legalName: string },
) {
  const values = { organisation: input.name, month: tr.month(`${input.period}-01`) };
  const text = [
    tr.t('mail.hello'),
    '',
    tr.t('mail.orgStatement.attached', values),
    '',
    tr.t('mail.orgStatement.openInvoices'),
    ...input.statement.openInvoices.map((invoice) =>
      tr.t('mail.orgStatement.openInvoice', {
        number: invoice.number,
        order: invoice.orderNumber,
        date: tr.date(invoice.dueDate),
        amount: tr.money(invoice.outstanding, invoice.currency),
      }),
    ),
    '',
    tr.t('mail.orgStatement.why', { organisation: input.name, url: `${input.publicUrl}/my-account` }),
    '',
    input.legalName,
  ].join('\n');
  return { subject: tr.t('mail.orgStatement.subject', values), text };
}

interface OrganisationRow extends Record<string, unknown> {
  id: string;
  name: string;
  owner_user_id: string;
}

/**
 * Each month (issue 39, decision 0068): every organisation with an accounts-payable member and an
 * invoice with money outstanding e-mails each accounts-payable member its statement of account (the
 * organisation's members' orders: the invoices, credit notes, payments and refunds, the open
 * invoices listed, the balance per currency) as a PDF. The (organisation, month) row of
 * organisation_statements is claimed first and the e-mails (outbox) commit with it, so a month's
 * statement goes once whatever the number of processes or runs; an organisation with nothing open
 * gets a row with no recipients and no e-mail that month. Other members (buyers, approvers, the owner
 * unless accounts payable) receive none.
 */
export async function runOrganisationStatements(tx: Db, now: Date, publicUrl: string): Promise<JobResult> {
  const result: JobResult = { statements: 0, emails: 0, nothingOpen: 0 };
  if (now.getUTCDate() > STATEMENT_LAST_DAY) return result;
  const period = statementPeriodOf(now);
  const candidates = await queryRows<OrganisationRow>(
    tx,
    sql`select o.id, o.name, o.owner_user_id from organisations o
        where exists (select 1 from organisation_members m
                      where m.organisation_id = o.id and m.role = 'accounts_payable')
          and not exists (select 1 from organisation_statements s
                          where s.organisation_id = o.id and s.period = ${period})
        order by o.name, o.id`,
  );
  const facts = candidates.length > 0 ? await documentFacts(tx, publicUrl) : null;
  for (const organisation of candidates) {
    // Claimed first: another process's run of the same month waits here for ours, then finds it taken.
    const [claimed] = await tx
      .insert(organisationStatements)
      .values({ organisationId: organisation.id, period, recipients: 0, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: organisationStatements.id });
    if (!claimed || !facts) continue;
    const members = await tx
      .select({ userId: organisationMembers.userId })
      .from(organisationMembers)
      .where(eq(organisationMembers.organisationId, organisation.id));
    const scope = {
      kind: 'account' as const,
      userId: organisation.owner_user_id,
      colleagues: members.map((member) => member.userId).filter((id) => id !== organisation.owner_user_id),
    };
    const statement = await loadStatement(tx, scope);
    const recipients = await accountsPayableEmails(tx, organisation.owner_user_id);
    if (statement.openInvoices.length === 0 || recipients.length === 0) {
      result.nothingOpen = (result.nothingOpen ?? 0) + 1;
      continue;
    }
    const name = cleanLine(organisation.name);
    const pdf = await customerStatementPdf(tx, scope, now, {
      publicUrl,
      organisation: organisation.name,
      listOpenInvoices: true,
      statement,
    });
    const language = recipientLanguage(statement);
    const { subject, text } = statementMail(translator(language), {
      name,
      period,
      statement,
      publicUrl,
      legalName: facts.profile.legalName,
    });
    const mails: OutgoingMail[] = recipients.map((to) => ({
      kind: 'organisation_statement',
      language,
      to,
      subject,
      text,
      attachments: [pdfAttachment(statementFilename(now, language), pdf)],
    }));
    await enqueueMails(tx, mails);
    await tx
      .update(organisationStatements)
      .set({ recipients: mails.length })
      .where(eq(organisationStatements.id, claimed.id));
    result.statements = (result.statements ?? 0) + 1;
    result.emails = (result.emails ?? 0) + mails.length;
  }
  await tx.insert(auditLog).values({
    adminId: null,
    adminEmail: 'system: organisation statements',
    action: 'organisations.statements',
    entityType: 'organisation_statements',
    entityId: period,
    before: null,
    after: result,
    createdAt: now,
  });
  return result;
}

/** The daily job, with the shop's public address for the link to the orders. */
export const organisationStatementsJob = (publicUrl: string): DailyJob => ({
  name: ORGANISATION_STATEMENTS_JOB,
  run: (tx, now) => runOrganisationStatements(tx, now, publicUrl),
});
