import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBatchSchema,
  adminConfigurationSchema,
  adminOptionSchema,
  batchListSchema,
  catalogueMessages,
  configurationListSchema,
  createBatchRequestSchema,
  createOptionRequestSchema,
  deleteOptionResponseSchema,
  optionListSchema,
  updateBatchRequestSchema,
  updateConfigurationRequestSchema,
  updateOptionRequestSchema,
} from '../../shared/admin/catalogue-schemas';
import { bumpChangeVersion } from '../catalogue/change-version';
import { invalidateCatalogueCache } from '../catalogue/catalogue-service';
import type { Db } from '../db/client';
import {
  orderItems,
  productAccessories,
  productBatches,
  productConfigurations,
  products,
  productShippingOptions,
  quotes,
} from '../db/schema';
import { conflict, notFound } from '../http/http-error';
import { PRODUCT_KEY } from '../pricing/price-selection';
import { adminOf, adminRoute } from './admin-route-config';
import { writeAudit } from './audit-log';

const optionParams = z.object({ id: z.string().trim().min(1).max(100) });

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' || isUniqueViolation((error as { cause?: unknown }).cause));

async function productIdOf(db: Db): Promise<string> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.productKey, PRODUCT_KEY));
  if (!product) throw notFound('Product data not found');
  return product.id;
}

/** After a catalogue write commits: this process reloads at once, the others at their next request (change version). */
const catalogueChanged = () => invalidateCatalogueCache();

type ConfigurationRow = typeof productConfigurations.$inferSelect;
const toConfiguration = (row: ConfigurationRow) => ({
  id: row.id,
  configId: row.configId,
  name: row.name,
  description: row.description,
  priceGbp: row.priceGbp,
  priceEur: row.priceEur,
  features: row.features,
  sortOrder: row.sortOrder,
  updatedAt: row.updatedAt.toISOString(),
});
const configurationAudit = (row: ConfigurationRow) => ({
  configId: row.configId,
  name: row.name,
  description: row.description,
  priceGbp: row.priceGbp,
  priceEur: row.priceEur,
  features: row.features,
});

type BatchRow = typeof productBatches.$inferSelect;
const toBatch = (row: BatchRow) => ({
  id: row.id,
  batchId: row.batchId,
  name: row.name,
  date: row.date,
  soldOut: row.soldOut,
  sortOrder: row.sortOrder,
  updatedAt: row.updatedAt.toISOString(),
});
const batchAudit = (row: BatchRow) => ({
  batchId: row.batchId,
  name: row.name,
  date: row.date,
  soldOut: row.soldOut,
  sortOrder: row.sortOrder,
});

interface OptionRow {
  id: string;
  optionId: string;
  name: string;
  description: string | null;
  priceGbp: number;
  priceEur: number;
  sortOrder: number;
  updatedAt: Date;
}
const toOption = (row: OptionRow) => ({ ...row, updatedAt: row.updatedAt.toISOString() });
const optionAudit = (row: OptionRow) => ({
  optionId: row.optionId,
  name: row.name,
  description: row.description,
  priceGbp: row.priceGbp,
  priceEur: row.priceEur,
});

/**
 * The two editable option lists, accessories and shipping options: same fields, own id column, own
 * messages. Reads and writes are written out per table below; this says which is which.
 */
interface OptionKind {
  path: '/accessories' | '/shipping';
  entityType: 'accessory' | 'shipping_option';
  messages: { notFound: string; duplicate: string };
  list(db: Db, productId: string): Promise<OptionRow[]>;
  find(
    db: Db,
    productId: string,
    optionId: string,
    options?: { lock?: boolean; includeArchived?: boolean },
  ): Promise<(OptionRow & { archivedAt: Date | null }) | undefined>;
  insert(
    db: Db,
    productId: string,
    values: {
      optionId: string;
      name: string;
      description: string | null;
      priceGbp: number;
      priceEur: number;
      sortOrder: number;
      now: Date;
    },
  ): Promise<OptionRow>;
  update(
    db: Db,
    rowId: string,
    values: { name: string; description: string | null; priceGbp: number; priceEur: number; now: Date },
  ): Promise<OptionRow>;
  nextSortOrder(db: Db, productId: string): Promise<number>;
  /** True when an issued quote or a placed order names the option. */
  isNamed(db: Db, optionId: string): Promise<boolean>;
  archive(db: Db, rowId: string, now: Date): Promise<void>;
  remove(db: Db, rowId: string): Promise<void>;
}

const accessoryColumns = {
  id: productAccessories.id,
  optionId: productAccessories.accessoryId,
  name: productAccessories.name,
  description: productAccessories.description,
  priceGbp: productAccessories.priceGbp,
  priceEur: productAccessories.priceEur,
  sortOrder: productAccessories.sortOrder,
  updatedAt: productAccessories.updatedAt,
};
const shippingColumns = {
  id: productShippingOptions.id,
  optionId: productShippingOptions.shippingId,
  name: productShippingOptions.name,
  description: productShippingOptions.description,
  priceGbp: productShippingOptions.priceGbp,
  priceEur: productShippingOptions.priceEur,
  sortOrder: productShippingOptions.sortOrder,
  updatedAt: productShippingOptions.updatedAt,
};

const one = <T>(rows: T[]): T => {
  const [row] = rows;
  if (!row) throw new Error('write returned no row');
  return row;
};

const accessoryKind: OptionKind = {
  path: '/accessories',
  entityType: 'accessory',
  messages: { notFound: catalogueMessages.accessoryNotFound, duplicate: catalogueMessages.duplicateAccessoryId },
  list: (db, productId) =>
    db
      .select(accessoryColumns)
      .from(productAccessories)
      .where(and(eq(productAccessories.productId, productId), isNull(productAccessories.archivedAt)))
      .orderBy(asc(productAccessories.sortOrder), asc(productAccessories.createdAt)),
  async find(db, productId, optionId, options = {}) {
    const query = db
      .select({ ...accessoryColumns, archivedAt: productAccessories.archivedAt })
      .from(productAccessories)
      .where(
        and(
          eq(productAccessories.productId, productId),
          eq(productAccessories.accessoryId, optionId),
          options.includeArchived ? undefined : isNull(productAccessories.archivedAt),
        ),
      );
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },
  insert: async (db, productId, v) =>
    one(
      await db
        .insert(productAccessories)
        .values({
          productId,
          accessoryId: v.optionId,
          name: v.name,
          description: v.description,
          priceGbp: v.priceGbp,
          priceEur: v.priceEur,
          sortOrder: v.sortOrder,
          createdAt: v.now,
          updatedAt: v.now,
        })
        .returning(accessoryColumns),
    ),
  update: async (db, rowId, v) =>
    one(
      await db
        .update(productAccessories)
        .set({ name: v.name, description: v.description, priceGbp: v.priceGbp, priceEur: v.priceEur, updatedAt: v.now })
        .where(eq(productAccessories.id, rowId))
        .returning(accessoryColumns),
    ),
  async nextSortOrder(db, productId) {
    const [row] = await db
      .select({ max: sql<number | null>`max(${productAccessories.sortOrder})` })
      .from(productAccessories)
      .where(eq(productAccessories.productId, productId));
    return Number(row?.max ?? -1) + 1;
  },
  async isNamed(db, optionId) {
    const [quote] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(sql`${quotes.configuration} -> 'accessories' @> ${JSON.stringify([optionId])}::jsonb`)
      .limit(1);
    if (quote) return true;
    const [item] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.itemType, 'accessory'), eq(orderItems.itemId, optionId)))
      .limit(1);
    return item !== undefined;
  },
  archive: async (db, rowId, now) => {
    await db
      .update(productAccessories)
      .set({ archivedAt: now, updatedAt: now })
      .where(eq(productAccessories.id, rowId));
  },
  remove: async (db, rowId) => {
    await db.delete(productAccessories).where(eq(productAccessories.id, rowId));
  },
};

const shippingKind: OptionKind = {
  path: '/shipping',
  entityType: 'shipping_option',
  messages: { notFound: catalogueMessages.shippingNotFound, duplicate: catalogueMessages.duplicateShippingId },
  list: (db, productId) =>
    db
      .select(shippingColumns)
      .from(productShippingOptions)
      .where(and(eq(productShippingOptions.productId, productId), isNull(productShippingOptions.archivedAt)))
      .orderBy(asc(productShippingOptions.sortOrder), asc(productShippingOptions.createdAt)),
  async find(db, productId, optionId, options = {}) {
    const query = db
      .select({ ...shippingColumns, archivedAt: productShippingOptions.archivedAt })
      .from(productShippingOptions)
      .where(
        and(
          eq(productShippingOptions.productId, productId),
          eq(productShippingOptions.shippingId, optionId),
          options.includeArchived ? undefined : isNull(productShippingOptions.archivedAt),
        ),
      );
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  },
  insert: async (db, productId, v) =>
    one(
      await db
        .insert(productShippingOptions)
        .values({
          productId,
          shippingId: v.optionId,
          name: v.name,
          description: v.description,
          priceGbp: v.priceGbp,
          priceEur: v.priceEur,
          sortOrder: v.sortOrder,
          createdAt: v.now,
          updatedAt: v.now,
        })
        .returning(shippingColumns),
    ),
  update: async (db, rowId, v) =>
    one(
      await db
        .update(productShippingOptions)
        .set({ name: v.name, description: v.description, priceGbp: v.priceGbp, priceEur: v.priceEur, updatedAt: v.now })
        .where(eq(productShippingOptions.id, rowId))
        .returning(shippingColumns),
    ),
  async nextSortOrder(db, productId) {
    const [row] = await db
      .select({ max: sql<number | null>`max(${productShippingOptions.sortOrder})` })
      .from(productShippingOptions)
      .where(eq(productShippingOptions.productId, productId));
    return Number(row?.max ?? -1) + 1;
  },
  async isNamed(db, optionId) {
    const [quote] = await db
      .select({ id: quotes.id })
      .from(quotes)
      .where(sql`${quotes.configuration} ->> 'shipping' = ${optionId}`)
      .limit(1);
    if (quote) return true;
    const [item] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.itemType, 'shipping'), eq(orderItems.itemId, optionId)))
      .limit(1);
    return item !== undefined;
  },
  archive: async (db, rowId, now) => {
    await db
      .update(productShippingOptions)
      .set({ archivedAt: now, updatedAt: now })
      .where(eq(productShippingOptions.id, rowId));
  },
  remove: async (db, rowId) => {
    await db.delete(productShippingOptions).where(eq(productShippingOptions.id, rowId));
  },
};

/**
 * The catalogue editors (docs/api.md, Admin: catalogue): product configurations (edit only),
 * accessories and shipping options (add, edit, delete or archive), batches (add, edit, sold out,
 * reorder). Every write is audited with before and after in its transaction, raises the
 * catalogue's change version, and drops this process's cached catalogue.
 */
export async function adminCatalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Product configurations: edit only.
  r.get(
    '/product-configurations',
    { config: adminRoute('catalogue.edit'), schema: { response: { 200: configurationListSchema } } },
    async () => {
      const productId = await productIdOf(app.db);
      const rows = await app.db
        .select()
        .from(productConfigurations)
        .where(eq(productConfigurations.productId, productId))
        .orderBy(asc(productConfigurations.sortOrder), asc(productConfigurations.createdAt));
      return { items: rows.map(toConfiguration) };
    },
  );

  const findConfiguration = async (db: Db, configId: string, lock = false) => {
    const productId = await productIdOf(db);
    const query = db
      .select()
      .from(productConfigurations)
      .where(and(eq(productConfigurations.productId, productId), eq(productConfigurations.configId, configId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound(catalogueMessages.configurationNotFound);
    return row;
  };

  r.get(
    '/product-configurations/:id',
    {
      config: adminRoute('catalogue.edit'),
      schema: { params: optionParams, response: { 200: z.object({ item: adminConfigurationSchema }) } },
    },
    async (request) => ({
      item: toConfiguration(await findConfiguration(app.db, request.params.id)),
    }),
  );

  r.put(
    '/product-configurations/:id',
    {
      config: adminRoute('catalogue.edit'),
      schema: {
        params: optionParams,
        body: updateConfigurationRequestSchema,
        response: { 200: z.object({ item: adminConfigurationSchema }) },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const now = app.now();
      const item = await app.db.transaction(async (tx) => {
        const before = await findConfiguration(tx, request.params.id, true);
        const { name, description, priceGbp, priceEur, features } = request.body;
        const after = one(
          await tx
            .update(productConfigurations)
            .set({ name, description: description || null, priceGbp, priceEur, features, updatedAt: now })
            .where(eq(productConfigurations.id, before.id))
            .returning(),
        );
        await writeAudit(tx, {
          admin,
          action: 'catalogue.configuration.update',
          entityType: 'product_configuration',
          entityId: before.configId,
          before: configurationAudit(before),
          after: configurationAudit(after),
          now,
        });
        await bumpChangeVersion(tx, 'catalogue');
        return toConfiguration(after);
      });
      catalogueChanged();
      return { item };
    },
  );

  // Accessories and shipping options: add, edit, delete (archive when a quote or order names it).
  for (const kind of [accessoryKind, shippingKind]) {
    r.get(
      kind.path,
      { config: adminRoute('catalogue.edit'), schema: { response: { 200: optionListSchema } } },
      async () => {
        const productId = await productIdOf(app.db);
        return { items: (await kind.list(app.db, productId)).map(toOption) };
      },
    );

    r.get(
      `${kind.path}/:id`,
      {
        config: adminRoute('catalogue.edit'),
        schema: { params: optionParams, response: { 200: z.object({ item: adminOptionSchema }) } },
      },
      async (request) => {
        const row = await kind.find(app.db, await productIdOf(app.db), request.params.id);
        if (!row) throw notFound(kind.messages.notFound);
        return { item: toOption(row) };
      },
    );

    r.post(
      kind.path,
      {
        config: adminRoute('catalogue.edit'),
        schema: { body: createOptionRequestSchema, response: { 201: z.object({ item: adminOptionSchema }) } },
      },
      async (request, reply) => {
        const admin = adminOf(request);
        const now = app.now();
        const duplicate = conflict(kind.messages.duplicate, {
          code: 'duplicate_id',
          fields: { optionId: kind.messages.duplicate },
        });
        let item: z.infer<typeof adminOptionSchema>;
        try {
          item = await app.db.transaction(async (tx) => {
            const productId = await productIdOf(tx);
            // An archived option keeps its id: old quotes and orders still name it.
            if (await kind.find(tx, productId, request.body.optionId, { includeArchived: true })) throw duplicate;
            const { optionId, name, description, priceGbp, priceEur } = request.body;
            const row = await kind.insert(tx, productId, {
              optionId,
              name,
              description: description || null,
              priceGbp,
              priceEur,
              sortOrder: await kind.nextSortOrder(tx, productId),
              now,
            });
            await writeAudit(tx, {
              admin,
              action: `catalogue.${kind.entityType}.create`,
              entityType: kind.entityType,
              entityId: row.optionId,
              before: null,
              after: optionAudit(row),
              now,
            });
            await bumpChangeVersion(tx, 'catalogue');
            return toOption(row);
          });
        } catch (error) {
          // Two adds of one id at once: the unique index decides.
          if (isUniqueViolation(error)) throw duplicate;
          throw error;
        }
        catalogueChanged();
        return reply.status(201).send({ item });
      },
    );

    r.put(
      `${kind.path}/:id`,
      {
        config: adminRoute('catalogue.edit'),
        schema: {
          params: optionParams,
          body: updateOptionRequestSchema,
          response: { 200: z.object({ item: adminOptionSchema }) },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        const now = app.now();
        const item = await app.db.transaction(async (tx) => {
          const before = await kind.find(tx, await productIdOf(tx), request.params.id, { lock: true });
          if (!before) throw notFound(kind.messages.notFound);
          const { name, description, priceGbp, priceEur } = request.body;
          const after = await kind.update(tx, before.id, {
            name,
            description: description || null,
            priceGbp,
            priceEur,
            now,
          });
          await writeAudit(tx, {
            admin,
            action: `catalogue.${kind.entityType}.update`,
            entityType: kind.entityType,
            entityId: before.optionId,
            before: optionAudit(before),
            after: optionAudit(after),
            now,
          });
          await bumpChangeVersion(tx, 'catalogue');
          return toOption(after);
        });
        catalogueChanged();
        return { item };
      },
    );

    r.delete(
      `${kind.path}/:id`,
      {
        config: adminRoute('catalogue.edit'),
        schema: { params: optionParams, response: { 200: deleteOptionResponseSchema } },
      },
      async (request) => {
        const admin = adminOf(request);
        const now = app.now();
        const outcome = await app.db.transaction(async (tx) => {
          const before = await kind.find(tx, await productIdOf(tx), request.params.id, { lock: true });
          if (!before) throw notFound(kind.messages.notFound);
          const named = await kind.isNamed(tx, before.optionId);
          if (named) await kind.archive(tx, before.id, now);
          else await kind.remove(tx, before.id);
          await writeAudit(tx, {
            admin,
            action: `catalogue.${kind.entityType}.${named ? 'archive' : 'delete'}`,
            entityType: kind.entityType,
            entityId: before.optionId,
            before: optionAudit(before),
            after: named ? { ...optionAudit(before), archivedAt: now.toISOString() } : null,
            now,
          });
          await bumpChangeVersion(tx, 'catalogue');
          return named ? ('archived' as const) : ('deleted' as const);
        });
        catalogueChanged();
        return { outcome };
      },
    );
  }

  // Batches: add, edit, mark sold out, reorder.
  const listBatches = async (db: Db, productId: string) =>
    db
      .select()
      .from(productBatches)
      .where(eq(productBatches.productId, productId))
      .orderBy(asc(productBatches.sortOrder), asc(productBatches.createdAt));

  r.get(
    '/batches',
    { config: adminRoute('catalogue.edit'), schema: { response: { 200: batchListSchema } } },
    async () => ({
      items: (await listBatches(app.db, await productIdOf(app.db))).map(toBatch),
    }),
  );

  r.get(
    '/batches/:id',
    {
      config: adminRoute('catalogue.edit'),
      schema: { params: optionParams, response: { 200: z.object({ item: adminBatchSchema }) } },
    },
    async (request) => {
      const batches = await listBatches(app.db, await productIdOf(app.db));
      const row = batches.find((batch) => batch.batchId === request.params.id);
      if (!row) throw notFound(catalogueMessages.batchNotFound);
      return { item: toBatch(row) };
    },
  );

  r.post(
    '/batches',
    {
      config: adminRoute('catalogue.edit'),
      schema: { body: createBatchRequestSchema, response: { 201: z.object({ item: adminBatchSchema }) } },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      const now = app.now();
      const duplicate = conflict(catalogueMessages.duplicateBatchId, {
        code: 'duplicate_id',
        fields: { batchId: catalogueMessages.duplicateBatchId },
      });
      let item: z.infer<typeof adminBatchSchema>;
      try {
        item = await app.db.transaction(async (tx) => {
          const productId = await productIdOf(tx);
          const batches = await listBatches(tx, productId);
          if (batches.some((batch) => batch.batchId === request.body.batchId)) throw duplicate;
          const sortOrder = batches.reduce((max, batch) => Math.max(max, batch.sortOrder), -1) + 1;
          const { batchId, name, date, soldOut } = request.body;
          const row = one(
            await tx
              .insert(productBatches)
              .values({ productId, batchId, name, date, soldOut, sortOrder, createdAt: now, updatedAt: now })
              .returning(),
          );
          await writeAudit(tx, {
            admin,
            action: 'catalogue.batch.create',
            entityType: 'batch',
            entityId: row.batchId,
            before: null,
            after: batchAudit(row),
            now,
          });
          await bumpChangeVersion(tx, 'catalogue');
          return toBatch(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate;
        throw error;
      }
      catalogueChanged();
      return reply.status(201).send({ item });
    },
  );

  r.put(
    '/batches/:id',
    {
      config: adminRoute('catalogue.edit'),
      schema: { params: optionParams, body: updateBatchRequestSchema, response: { 200: batchListSchema } },
    },
    async (request) => {
      const admin = adminOf(request);
      const now = app.now();
      const items = await app.db.transaction(async (tx) => {
        const productId = await productIdOf(tx);
        // Every batch row is locked: a reorder renumbers them all.
        const batches = await tx
          .select()
          .from(productBatches)
          .where(eq(productBatches.productId, productId))
          .orderBy(asc(productBatches.sortOrder), asc(productBatches.createdAt))
          .for('update');
        const before = batches.find((batch) => batch.batchId === request.params.id);
        if (!before) throw notFound(catalogueMessages.batchNotFound);
        const { name, date, soldOut, position } = request.body;
        let after = one(
          await tx
            .update(productBatches)
            .set({
              ...(name !== undefined ? { name } : {}),
              ...(date !== undefined ? { date } : {}),
              ...(soldOut !== undefined ? { soldOut } : {}),
              updatedAt: now,
            })
            .where(eq(productBatches.id, before.id))
            .returning(),
        );
        if (position !== undefined) {
          const others = batches.filter((batch) => batch.id !== before.id);
          const ordered = [...others.slice(0, position), before, ...others.slice(position)];
          for (const [index, batch] of ordered.entries()) {
            if (batch.sortOrder !== index || batch.id === before.id)
              await tx.update(productBatches).set({ sortOrder: index }).where(eq(productBatches.id, batch.id));
          }
          after = { ...after, sortOrder: ordered.indexOf(before) };
        }
        await writeAudit(tx, {
          admin,
          action: 'catalogue.batch.update',
          entityType: 'batch',
          entityId: before.batchId,
          before: batchAudit(before),
          after: batchAudit(after),
          now,
        });
        await bumpChangeVersion(tx, 'catalogue');
        return (await listBatches(tx, productId)).map(toBatch);
      });
      catalogueChanged();
      return { items };
    },
  );
}
