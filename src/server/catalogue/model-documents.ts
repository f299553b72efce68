import { and, eq, inArray } from 'drizzle-orm';
import {
  MODEL_DOCUMENT_BYTES,
  type ModelDocumentKind,
  type ModelDocumentLink,
  modelDocumentLabels,
  modelDocumentMessages,
  modelDocumentUrl,
} from '../../shared/instruments/model-documents';
import type { Db } from '../db/client';
import { readPdfUpload } from '../documents/pdf-upload';
import { modelDocuments, productConfigurations } from '../db/schema';

type ConfigurationRow = typeof productConfigurations.$inferSelect;

/**
 * A PDF as uploaded (issue 41, decision 0059): read by its bytes, at most 10 MB (`readPdfUpload`);
 * 400 beside the `file` field otherwise.
 */
export const readModelDocument = (upload: { filename: string; dataBase64: string }) =>
  readPdfUpload(upload, { maxBytes: MODEL_DOCUMENT_BYTES, messages: modelDocumentMessages, fallbackName: 'document' });

/** Stores (or replaces) a configuration's datasheet or manual; returns what the audit entry keeps. */
export async function storeModelDocument(
  tx: Db,
  configuration: Pick<ConfigurationRow, 'id'>,
  kind: ModelDocumentKind,
  file: ReturnType<typeof readModelDocument>,
  now: Date,
) {
  await tx
    .insert(modelDocuments)
    .values({
      configurationId: configuration.id,
      kind,
      filename: file.filename,
      size: file.bytes.length,
      sha256: file.sha256,
      bytes: file.bytes,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [modelDocuments.configurationId, modelDocuments.kind],
      set: { filename: file.filename, size: file.bytes.length, sha256: file.sha256, bytes: file.bytes, createdAt: now },
    });
  return { kind, filename: file.filename, size: file.bytes.length, sha256: file.sha256 };
}

/** Removes a configuration's datasheet or manual; returns the removed file's name, or null when there was none. */
export async function removeModelDocument(
  tx: Db,
  configuration: Pick<ConfigurationRow, 'id'>,
  kind: ModelDocumentKind,
) {
  const [removed] = await tx
    .delete(modelDocuments)
    .where(and(eq(modelDocuments.configurationId, configuration.id), eq(modelDocuments.kind, kind)))
    .returning({ filename: modelDocuments.filename });
  return removed ?? null;
}

/** The documents of some configurations (by their row ids), as links, without their bytes. */
export async function modelDocumentLinks(
  db: Db,
  configurationIds: string[],
): Promise<Map<string, ModelDocumentLink[]>> {
  const links = new Map<string, ModelDocumentLink[]>();
  if (configurationIds.length === 0) return links;
  const rows = await db
    .select({
      configurationId: modelDocuments.configurationId,
      configId: productConfigurations.configId,
      kind: modelDocuments.kind,
      filename: modelDocuments.filename,
      size: modelDocuments.size,
    })
    .from(modelDocuments)
    .innerJoin(productConfigurations, eq(productConfigurations.id, modelDocuments.configurationId))
    .where(inArray(modelDocuments.configurationId, configurationIds))
    .orderBy(modelDocuments.kind);
  for (const row of rows) {
    const kind = row.kind as ModelDocumentKind;
    if (!(kind in modelDocumentLabels)) continue;
    const list = links.get(row.configurationId) ?? [];
    list.push({
      kind,
      label: modelDocumentLabels[kind],
      url: modelDocumentUrl(row.configId, kind),
      filename: row.filename,
      size: row.size,
    });
    links.set(row.configurationId, list);
  }
  return links;
}

/** A configuration's stored PDF by its public id (any product), or null. */
export async function storedModelDocument(db: Db, configId: string, kind: ModelDocumentKind) {
  const [row] = await db
    .select({ filename: modelDocuments.filename, bytes: modelDocuments.bytes, sha256: modelDocuments.sha256 })
    .from(modelDocuments)
    .innerJoin(productConfigurations, eq(productConfigurations.id, modelDocuments.configurationId))
    .where(and(eq(productConfigurations.configId, configId), eq(modelDocuments.kind, kind)))
    .limit(1);
  return row ?? null;
}
