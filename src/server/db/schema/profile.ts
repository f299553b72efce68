import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { BankAccounts, ProfileMail, PublicBusinessProfile } from '../../../shared/business-profile';
import { updatedAt } from './columns';

/**
 * The business profile (src/shared/business-profile.ts), one row: the company's details and its
 * bank account per invoice currency. Seeded with the example values, which `example` marks until
 * the company replaces them.
 */
export const businessProfile = pgTable('business_profile', {
  key: text('key').primaryKey(),
  details: jsonb('details').$type<PublicBusinessProfile & { mail?: Partial<ProfileMail> }>().notNull(),
  bank: jsonb('bank').$type<BankAccounts>().notNull(),
  example: boolean('example').notNull().default(true),
  updatedAt: updatedAt(),
});
