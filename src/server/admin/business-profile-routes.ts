import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankAccountsSchema,
  businessProfileDetailsSchema,
  businessProfileChecklistResponseSchema,
  businessProfileResponseSchema,
} from '../../shared/admin/business-profile-schemas';
import {
  type BankAccounts,
  type BusinessProfile,
  publicProfileOf,
  setupChecklist,
} from '../../shared/business-profile';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { enqueueMails } from '../mail/outbox';
import { getBusinessProfile, readBusinessProfile, saveBusinessProfile } from '../business-profile/profile-service';
import { adminOf, adminRoute } from './admin-route-config';
import { writeAudit } from '../audit/audit-log';

const answer = (profile: BusinessProfile) => {
  const checklist = setupChecklist(profile);
  return { profile, example: checklist.some((item) => !item.done), checklist };
};

/** The last four characters of an account identifier: enough for the audit trail and the alert. */
const tail = (value: string) => `…${value.replace(/\s+/g, '').slice(-4)}`;
const maskedBank = (bank: BankAccounts) => ({
  GBP: { ...bank.GBP, accountNumber: tail(bank.GBP.accountNumber) },
  EUR: { ...bank.EUR, iban: tail(bank.EUR.iban) },
});

/** Every admin is told that the bank accounts changed: a changed account on an invoice is the classic invoice fraud. */
async function alertAdmins(tx: Db, by: string, before: BankAccounts, after: BankAccounts, now: Date) {
  const admins = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.isAdmin, true));
  const describe = (bank: BankAccounts) => [
    `GBP: ${bank.GBP.accountName}, ${bank.GBP.bankName}, sort code ${bank.GBP.sortCode}, account ${tail(bank.GBP.accountNumber)}`,
    `EUR: ${bank.EUR.accountName}, ${bank.EUR.bankName}, IBAN ${tail(bank.EUR.iban)}, BIC ${bank.EUR.bic}`,
  ];
  const text = [
    `The bank accounts printed on quotes, order acknowledgements and invoices were changed by ${by} at ${now.toISOString()}.`,
    '',
    'Before:',
    ...describe(before),
    '',
    'After:',
    ...describe(after),
    '',
    'If you did not expect this change, check the business profile in the admin and the audit log now.',
  ].join('\n');
  await enqueueMails(
    tx,
    admins.map((admin) => ({
      kind: 'bank_details_changed',
      to: admin.email,
      subject: 'Security notice: the bank accounts in the business profile were changed',
      text,
    })),
  );
}

/**
 * Business Profile (docs/api/admin.md, business profile): the company's details and its bank
 * accounts. Details are saved with 'profile.edit'; the bank accounts need a fresh second factor as
 * well (a passkey while passkeys are required for payments), are audited (masked) and e-mailed to every admin. Either change is in force at once on
 * every process (the profile's change version).
 */
export async function adminBusinessProfileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/business-profile',
    { config: adminRoute('profile.view'), schema: { response: { 200: businessProfileResponseSchema } } },
    async () => answer(await readBusinessProfile(app.db)),
  );

  // The dashboard's set-up checklist: every staff member sees whether the shop can take orders.
  r.get(
    '/business-profile/checklist',
    {
      config: adminRoute('dashboard.view'),
      schema: { response: { 200: businessProfileChecklistResponseSchema } },
    },
    async () => {
      const { example, checklist } = answer(await getBusinessProfile(app.db));
      return { example, checklist };
    },
  );

  r.put(
    '/business-profile',
    {
      config: adminRoute('profile.edit'),
      schema: { body: businessProfileDetailsSchema, response: { 200: businessProfileResponseSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const now = app.now();
      const profile = await app.db.transaction(async (tx) => {
        const before = publicProfileOf(await readBusinessProfile(tx));
        const after = await saveBusinessProfile(tx, { details: request.body });
        const changed = (Object.keys(before) as (keyof typeof before)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
        );
        if (changed.length > 0)
          await writeAudit(tx, {
            admin,
            action: 'profile.update',
            entityType: 'business_profile',
            entityId: 'company',
            before: Object.fromEntries(changed.map((key) => [key, before[key]])),
            after: Object.fromEntries(changed.map((key) => [key, after[key]])),
            now,
          });
        return after;
      });
      return answer(profile);
    },
  );

  r.put(
    '/business-profile/bank',
    {
      // The account customers pay into: held to the money routes' step-up (a passkey only while
      // passkeys are required for payments, docs/decisions/0033).
      config: adminRoute('profile.edit', { stepUp: true, passkeyStepUp: true }),
      schema: { body: bankAccountsSchema, response: { 200: businessProfileResponseSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const now = app.now();
      const profile = await app.db.transaction(async (tx) => {
        const before = (await readBusinessProfile(tx)).bank;
        const after = await saveBusinessProfile(tx, { bank: request.body });
        if (JSON.stringify(before) !== JSON.stringify(after.bank)) {
          await writeAudit(tx, {
            admin,
            action: 'profile.bank_update',
            entityType: 'business_profile',
            entityId: 'company',
            before: maskedBank(before),
            after: maskedBank(after.bank),
            now,
          });
          await alertAdmins(tx, admin.email, before, after.bank, now);
        }
        return after;
      });
      return answer(profile);
    },
  );
}
