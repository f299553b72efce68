import type { FastifyInstance } from 'fastify';
import {
  MODEL_DOCUMENT_BODY_LIMIT,
  modelDocumentKinds,
  modelDocumentMessages,
  uploadModelDocumentRequestSchema,
} from '../../shared/instruments/model-documents';
import {
  modelDocumentLinks,
  readModelDocument,
  removeModelDocument,
  storeModelDocument,
} from '../catalogue/model-documents';
import { cleanModelTranslations } from '../../shared/catalogue/option-translations';
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
  createGoodsRequestSchema,
  createOptionRequestSchema,
  createShippingRequestSchema,
  deleteOptionResponseSchema,
  notifyBatchHoldersResponseSchema,
  optionListSchema,
  updateBatchRequestSchema,
  updateConfigurationRequestSchema,
  updateGoodsRequestSchema,
  updateOptionRequestSchema,
  updateShippingRequestSchema,
} from '../../shared/catalogue/catalogue-schemas';
import {
  batchAudit,
  configurationAudit,
  findConfiguration,
  insertBatch,
  listBatches,
  listConfigurations,
  pendingDateChanges,
  productIdOf,
  toBatch,
  toConfiguration,
  updateBatch,
  updateConfiguration,
} from '../catalogue/catalogue-editing';
import {
  accessoryOptions,
  adaptorOptions,
  type CatalogueOptionRepository,
  type CustomsValues,
  definedCustoms,
  optionAudit,
  servicingOptions,
  shippingOptions,
  syringeHolderOptions,
  toOption,
} from '../catalogue/catalogue-options';
import type { Db } from '../db/client';
import { badRequest, conflict, notFound } from '../http/http-error';
import { notifyBatchDateChange } from '../orders/batch-date-mail';
import { adminOf, adminRoute } from './admin-route-config';
import { auditedChange } from '../audit/audited-change';
import { catalogueWrite } from '../catalogue/catalogue-write';

/** Each path parameter is the specification id it takes (`dropwise-standard`, `10x-2ml-syringes`), not a row id. */
const specificationId = z.string().trim().min(1).max(100);
const configParams = z.object({ configId: specificationId });
const optionParams = z.object({ optionId: specificationId });
const batchParams = z.object({ batchId: specificationId });

async function productOf(db: Db): Promise<string> {
  const productId = await productIdOf(db);
  if (!productId) throw notFound('Product data not found');
  return productId;
}

/**
 * The editable option lists: their paths, audit names, messages and repositories. Accessories and
 * shipping options are added and deleted (archived once named) too; servicing plans, adaptors and
 * syringe holders are edited only. Shipping options also take their countries and on/off switch.
 */
const optionKinds: {
  path: '/accessories' | '/shipping' | '/servicing' | '/adaptors' | '/syringe-holders';
  entityType: 'accessory' | 'shipping_option' | 'servicing_option' | 'adaptor' | 'syringe_holder';
  messages: { notFound: string; duplicate: string };
  repository: CatalogueOptionRepository;
  addsAndDeletes: boolean;
  createBody: typeof createOptionRequestSchema | typeof createShippingRequestSchema | typeof createGoodsRequestSchema;
  updateBody: typeof updateOptionRequestSchema | typeof updateShippingRequestSchema | typeof updateGoodsRequestSchema;
}[] = [
  {
    path: '/accessories',
    entityType: 'accessory',
    messages: { notFound: catalogueMessages.accessoryNotFound, duplicate: catalogueMessages.duplicateAccessoryId },
    repository: accessoryOptions,
    addsAndDeletes: true,
    createBody: createGoodsRequestSchema,
    updateBody: updateGoodsRequestSchema,
  },
  {
    path: '/shipping',
    entityType: 'shipping_option',
    messages: { notFound: catalogueMessages.shippingNotFound, duplicate: catalogueMessages.duplicateShippingId },
    repository: shippingOptions,
    addsAndDeletes: true,
    createBody: createShippingRequestSchema,
    updateBody: updateShippingRequestSchema,
  },
  ...(
    [
      ['/servicing', 'servicing_option', catalogueMessages.servicingNotFound, servicingOptions],
      ['/adaptors', 'adaptor', catalogueMessages.adaptorNotFound, adaptorOptions],
      ['/syringe-holders', 'syringe_holder', catalogueMessages.holderNotFound, syringeHolderOptions],
    ] as const
  ).map(([path, entityType, notFound, repository]) => ({
    path,
    entityType,
    messages: { notFound, duplicate: '' },
    repository,
    addsAndDeletes: false,
    createBody: createOptionRequestSchema,
    // Adaptors and syringe holders ship with the instrument: they take their customs data too.
    updateBody: path === '/servicing' ? updateOptionRequestSchema : updateGoodsRequestSchema,
  })),
];

/** A goods request's customs data (the repository writes it only where the table has it). */
const customsOf = (body: object): { customs?: CustomsValues } =>
  ['commodityCode', 'originCountry', 'netWeightGrams', 'grossWeightGrams', 'customsValueGbp', 'customsValueEur'].some(
    (field) => field in body,
  )
    ? { customs: definedCustoms(body as CustomsValues) }
    : {};

/** A shipping request's countries and switch; nothing for the other kinds. */
const reachOf = (body: object): { countries?: string[] | null; active?: boolean } => ({
  ...('countries' in body && body.countries !== undefined ? { countries: body.countries as string[] | null } : {}),
  ...('active' in body && typeof body.active === 'boolean' ? { active: body.active } : {}),
});

/**
 * The catalogue editors (docs/api/admin.md, Catalogue and settings): product configurations (edit only),
 * accessories and shipping options (add, edit, delete or archive), servicing plans, adaptors and
 * syringe holders (edit only), batches (add, edit, sold out, reorder). Every write goes through
 * catalogueWrite: audited, change version raised, cache dropped. A write that sets a price or
 * deletes needs a fresh second factor (`priced`, docs/decisions/0047); batches carry no price.
 */
export async function adminCatalogueRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = adminRoute('catalogue.edit');
  const priced = adminRoute('catalogue.edit', { stepUp: true });
  /** Issue 54: the batches carry no price: Operations runs them (batches.manage) as Catalogue does. */
  const batches = adminRoute('batches.manage');

  /** The admin's view of configurations, each with its datasheet and manual (issue 41). */
  const withDocuments = async (db: Db, rows: Awaited<ReturnType<typeof listConfigurations>>) => {
    const documents = await modelDocumentLinks(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toConfiguration(row, documents.get(row.id) ?? []));
  };
  const oneWithDocuments = async (db: Db, row: Awaited<ReturnType<typeof listConfigurations>>[number]) =>
    toConfiguration(row, (await modelDocumentLinks(db, [row.id])).get(row.id) ?? []);

  r.get('/product-configurations', { config, schema: { response: { 200: configurationListSchema } } }, async () => ({
    items: await withDocuments(app.db, await listConfigurations(app.db, await productOf(app.db))),
  }));

  const configurationOf = async (db: Db, configId: string, lock = false) => {
    const row = await findConfiguration(db, await productOf(db), configId, lock);
    if (!row) throw notFound(catalogueMessages.configurationNotFound);
    return row;
  };

  r.get(
    '/product-configurations/:configId',
    { config, schema: { params: configParams, response: { 200: z.object({ item: adminConfigurationSchema }) } } },
    async (request) => ({
      item: await oneWithDocuments(app.db, await configurationOf(app.db, request.params.configId)),
    }),
  );

  // Issue 41: a model's datasheet or user manual (PDF only, at most 10 MB; read by its bytes), stored
  // like the service photos, replaced by a new upload; audited without the bytes.
  const documentParams = z.object({ configId: configParams.shape.configId, kind: z.enum(modelDocumentKinds) });
  r.put(
    '/product-configurations/:configId/documents/:kind',
    {
      config,
      bodyLimit: MODEL_DOCUMENT_BODY_LIMIT,
      schema: {
        params: documentParams,
        body: uploadModelDocumentRequestSchema,
        response: { 200: z.object({ item: adminConfigurationSchema }) },
      },
    },
    async (request) => {
      const file = readModelDocument(request.body);
      const row = await catalogueWrite(app, request, async (tx, now) => {
        const configuration = await configurationOf(tx, request.params.configId, true);
        const stored = await storeModelDocument(tx, configuration, request.params.kind, file, now);
        return {
          result: configuration,
          audit: {
            action: 'catalogue.configuration.document_upload',
            entityType: 'product_configuration',
            entityId: configuration.configId,
            before: null,
            after: stored,
          },
        };
      });
      return { item: await oneWithDocuments(app.db, row) };
    },
  );

  r.delete(
    '/product-configurations/:configId/documents/:kind',
    {
      config,
      schema: { params: documentParams, response: { 200: z.object({ item: adminConfigurationSchema }) } },
    },
    async (request) => {
      const row = await catalogueWrite(app, request, async (tx) => {
        const configuration = await configurationOf(tx, request.params.configId, true);
        const removed = await removeModelDocument(tx, configuration, request.params.kind);
        if (!removed) throw notFound(modelDocumentMessages.notFound);
        return {
          result: configuration,
          audit: {
            action: 'catalogue.configuration.document_remove',
            entityType: 'product_configuration',
            entityId: configuration.configId,
            before: { kind: request.params.kind, filename: removed.filename },
            after: null,
          },
        };
      });
      return { item: await oneWithDocuments(app.db, row) };
    },
  );

  r.put(
    '/product-configurations/:configId',
    {
      config: priced,
      schema: {
        params: configParams,
        body: updateConfigurationRequestSchema,
        response: { 200: z.object({ item: adminConfigurationSchema }) },
      },
    },
    async (request) => ({
      item: await catalogueWrite(app, request, async (tx, now) => {
        const before = await configurationOf(tx, request.params.configId, true);
        const { name, description, priceGbp, priceEur, features, softwareVersion, translations } = request.body;
        const after = await updateConfiguration(tx, before.id, {
          name,
          description: description || null,
          priceGbp,
          priceEur,
          features,
          ...(translations ? { translations: cleanModelTranslations(translations) } : {}),
          ...(softwareVersion !== undefined ? { softwareVersion: softwareVersion || null } : {}),
          ...definedCustoms(request.body),
          updatedAt: now,
        });
        return {
          result: await oneWithDocuments(tx, after),
          audit: {
            action: 'catalogue.configuration.update',
            entityType: 'product_configuration',
            entityId: before.configId,
            before: configurationAudit(before),
            after: configurationAudit(after),
          },
        };
      }),
    }),
  );

  for (const kind of optionKinds) {
    const { repository } = kind;
    const optionOf = async (db: Db, optionId: string, lock = false) => {
      const row = await repository.find(db, await productOf(db), optionId, { lock });
      if (!row) throw notFound(kind.messages.notFound);
      return row;
    };

    r.get(kind.path, { config, schema: { response: { 200: optionListSchema } } }, async () => ({
      items: (await repository.list(app.db, await productOf(app.db))).map(toOption),
    }));

    r.get(
      `${kind.path}/:optionId`,
      { config, schema: { params: optionParams, response: { 200: z.object({ item: adminOptionSchema }) } } },
      async (request) => ({ item: toOption(await optionOf(app.db, request.params.optionId)) }),
    );

    r.put(
      `${kind.path}/:optionId`,
      {
        config: priced,
        schema: {
          params: optionParams,
          body: kind.updateBody,
          response: { 200: z.object({ item: adminOptionSchema }) },
        },
      },
      async (request) => ({
        item: await catalogueWrite(app, request, async (tx, now) => {
          const before = await optionOf(tx, request.params.optionId, true);
          const { name, description, priceGbp, priceEur, translations } = request.body;
          const after = await repository.update(tx, before.id, {
            name,
            description: description || null,
            ...(translations ? { translations } : {}),
            priceGbp,
            priceEur,
            ...reachOf(request.body),
            ...customsOf(request.body),
            now,
          });
          return {
            result: toOption(after),
            audit: {
              action: `catalogue.${kind.entityType}.update`,
              entityType: kind.entityType,
              entityId: before.optionId,
              before: optionAudit(before),
              after: optionAudit(after),
            },
          };
        }),
      }),
    );

    if (!kind.addsAndDeletes) continue;

    r.post(
      kind.path,
      { config: priced, schema: { body: kind.createBody, response: { 201: z.object({ item: adminOptionSchema }) } } },
      async (request, reply) => {
        const duplicate = conflict(kind.messages.duplicate, {
          code: 'duplicate_id',
          fields: { optionId: kind.messages.duplicate },
        });
        const item = await catalogueWrite(
          app,
          request,
          async (tx, now) => {
            const productId = await productOf(tx);
            const { optionId, name, description, priceGbp, priceEur, translations } = request.body;
            // An archived option keeps its id: old quotes and orders still name it.
            if (await repository.find(tx, productId, optionId, { includeArchived: true })) throw duplicate;
            const row = await repository.insert(tx, productId, {
              optionId,
              name,
              description: description || null,
              ...(translations ? { translations } : {}),
              priceGbp,
              priceEur,
              sortOrder: await repository.nextSortOrder(tx, productId),
              ...reachOf(request.body),
              ...customsOf(request.body),
              now,
            });
            return {
              result: toOption(row),
              audit: {
                action: `catalogue.${kind.entityType}.create`,
                entityType: kind.entityType,
                entityId: row.optionId,
                before: null,
                after: optionAudit(row),
              },
            };
          },
          { duplicate },
        );
        return reply.status(201).send({ item });
      },
    );

    r.delete(
      `${kind.path}/:optionId`,
      { config: priced, schema: { params: optionParams, response: { 200: deleteOptionResponseSchema } } },
      async (request) => ({
        outcome: await catalogueWrite(app, request, async (tx, now) => {
          const before = await optionOf(tx, request.params.optionId, true);
          // Archived, not deleted, once a quote or order names it: those keep showing its name.
          const named = await repository.isNamed(tx, before.optionId);
          if (named) await repository.archive(tx, before.id, now);
          else await repository.remove(tx, before.id);
          return {
            result: named ? ('archived' as const) : ('deleted' as const),
            audit: {
              action: `catalogue.${kind.entityType}.${named ? 'archive' : 'delete'}`,
              entityType: kind.entityType,
              entityId: before.optionId,
              before: optionAudit(before),
              after: named ? { ...optionAudit(before), active: false } : null,
            },
          };
        }),
      }),
    );
  }

  /** The batches as the admin sees them: places, and each one's date change still to tell its holders. */
  const adminBatches = async (db: Db, productId: string) => {
    const rows = await listBatches(db, productId);
    const pending = await pendingDateChanges(db, rows);
    return rows.map((row) => toBatch(row, pending));
  };

  r.get('/batches', { config: batches, schema: { response: { 200: batchListSchema } } }, async () => ({
    items: await adminBatches(app.db, await productOf(app.db)),
  }));

  r.get(
    '/batches/:batchId',
    { config: batches, schema: { params: batchParams, response: { 200: z.object({ item: adminBatchSchema }) } } },
    async (request) => {
      const batches = await listBatches(app.db, await productOf(app.db));
      const row = batches.find((batch) => batch.batchId === request.params.batchId);
      if (!row) throw notFound(catalogueMessages.batchNotFound);
      return { item: toBatch(row, await pendingDateChanges(app.db, [row])) };
    },
  );

  r.post(
    '/batches',
    {
      config: batches,
      schema: { body: createBatchRequestSchema, response: { 201: z.object({ item: adminBatchSchema }) } },
    },
    async (request, reply) => {
      const duplicate = conflict(catalogueMessages.duplicateBatchId, {
        code: 'duplicate_id',
        fields: { batchId: catalogueMessages.duplicateBatchId },
      });
      const item = await catalogueWrite(
        app,
        request,
        async (tx, now) => {
          const productId = await productOf(tx);
          const batches = await listBatches(tx, productId);
          if (batches.some((batch) => batch.batchId === request.body.batchId)) throw duplicate;
          const { batchId, name, date, soldOut, capacity } = request.body;
          const row = await insertBatch(tx, {
            productId,
            batchId,
            name,
            date,
            soldOut,
            capacity,
            sortOrder: batches.reduce((max, batch) => Math.max(max, batch.sortOrder), -1) + 1,
            createdAt: now,
            updatedAt: now,
          });
          return {
            result: toBatch(row),
            audit: {
              action: 'catalogue.batch.create',
              entityType: 'batch',
              entityId: row.batchId,
              before: null,
              after: batchAudit(row),
            },
          };
        },
        { duplicate },
      );
      return reply.status(201).send({ item });
    },
  );

  r.put(
    '/batches/:batchId',
    {
      config: batches,
      schema: { params: batchParams, body: updateBatchRequestSchema, response: { 200: batchListSchema } },
    },
    async (request) => ({
      items: await catalogueWrite(app, request, async (tx, now) => {
        const productId = await productOf(tx);
        const batches = await listBatches(tx, productId, { lock: true });
        const before = batches.find((batch) => batch.batchId === request.params.batchId);
        if (!before) throw notFound(catalogueMessages.batchNotFound);
        const { capacity } = request.body;
        // The rows are locked: no confirmation can raise `taken` until this commits.
        if (capacity !== undefined && capacity !== null && capacity < before.taken)
          throw badRequest(catalogueMessages.capacityBelowTaken, {
            fields: { capacity: catalogueMessages.capacityBelowTaken },
          });
        const after = await updateBatch(tx, batches, before, {
          ...request.body,
          now,
          changedBy: adminOf(request).userId,
        });
        return {
          result: await adminBatches(tx, productId),
          audit: {
            action: 'catalogue.batch.update',
            entityType: 'batch',
            entityId: before.batchId,
            before: batchAudit(before),
            after: batchAudit(after),
          },
        };
      }),
    }),
  );

  r.post(
    '/batches/:batchId/date-changes/:changeId/notify',
    {
      config: batches,
      schema: {
        params: batchParams.extend({ changeId: z.uuid() }),
        response: { 200: notifyBatchHoldersResponseSchema },
      },
    },
    // Audited, but not through catalogueWrite: telling the holders raises no catalogue change version.
    async (request) =>
      auditedChange(app, request, async (tx, now) => {
        const outcome = await notifyBatchDateChange(tx, {
          batchId: request.params.batchId,
          changeId: request.params.changeId,
          now,
          publicUrl: app.env.publicUrl,
        });
        return {
          result: { notified: outcome.notified, alreadySent: outcome.alreadySent },
          // Sent before: nothing new to record.
          audit: outcome.alreadySent
            ? null
            : {
                action: 'catalogue.batch.notify_date_change',
                entityType: 'batch',
                entityId: request.params.batchId,
                before: null,
                after: { oldDate: outcome.oldDate, newDate: outcome.newDate, notified: outcome.notified },
              },
        };
      }),
  );
}
