import { createHash } from 'node:crypto';
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
import { modelDocuments, productConfigurations } from '../db/schema';
import { badRequest } from '../http/http-error';

type ConfigurationRow = typeof productConfigurations.$inferSelect;

/**
 * A PDF as uploaded (issue 41, decision 0059): its type is read from its bytes (`%PDF-`), never from
 * the name or what the browser says; larger than 10 MB is refused. 400 beside the `file` field.
 */
export function readModelDocument(upload: { filename: string; dataBase64: string }) {
  const bytes = Buffer.from(upload.dataBase64, 'base64');
  if (bytes.length > MODEL_DOCUMENT_BYTES)
    throw badRequest(modelDocumentMessages.tooLarge, { fields: { file: modelDocumentMessages.tooLarge } });
  if (bytes.length < 8 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw badRequest(modelDocumentMessages.notPdf, { fields: { file: modelDocumentMessages.notPdf } });
  const base = upload.filename
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return { filename: `${base || 'document'}.pdf`, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

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
