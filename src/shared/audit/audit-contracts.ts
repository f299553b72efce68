import { z } from 'zod';
import { emptyToUndefined, pageOf } from '../lists';

/** GET /api/admin/audit (docs/api.md, Admin: audit): the audit log's query, entries and entity types. */

export const auditQuerySchema = z.object({
  entityType: z.preprocess(emptyToUndefined, z.string().max(40).optional()),
  entityId: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  adminId: z.preprocess(emptyToUndefined, z.uuid().optional()),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  adminId: z.string().nullable(),
  adminEmail: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** What people call the entity, where it has a name of its own (an order's number); null otherwise. */
  entityLabel: z.string().nullable(),
});

/** Every entity the audit log names, with the filter's label (one list: the server writes these types). */
export const auditEntityTypes = {
  order: 'Orders',
  user: 'Users',
  staff_invitation: 'Staff invitations',
  product_configuration: 'Product configurations',
  accessory: 'Accessories',
  shipping_option: 'Shipping options',
  servicing_option: 'Servicing plans',
  adaptor: 'Adaptors',
  syringe_holder: 'Syringe holders',
  batch: 'Batches',
  settings: 'Settings',
  business_profile: 'Business profile',
  incomplete_order: 'Abandoned checkouts',
  incomplete_registration: 'Abandoned registrations',
  privacy_request: 'Privacy requests',
  privacy_subject: 'Privacy subjects',
  data_export: 'Data exports',
  retention: 'Retention',
} as const satisfies Record<string, string>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pageOf(auditEntrySchema);
