import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { modelDocuments, productConfigurations } from '../../src/server/db/schema';

/** A small well-formed PDF's bytes (issue 41: a datasheet or manual as staff upload it). */
export const tinyPdf = (title = 'Datasheet') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${title}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );

/** Stores a configuration's datasheet or manual directly (for tests that need one present). */
export async function storeModelDocumentRow(db: Db, configId: string, kind: 'datasheet' | 'user_manual') {
  const [configuration] = await db
    .select({ id: productConfigurations.id })
    .from(productConfigurations)
    .where(eq(productConfigurations.configId, configId));
  if (!configuration) throw new Error(`no configuration ${configId}`);
  const bytes = tinyPdf(kind);
  await db
    .insert(modelDocuments)
    .values({
      configurationId: configuration.id,
      kind,
      filename: `${kind}.pdf`,
      size: bytes.length,
      sha256: 'test',
      bytes,
    })
    .onConflictDoNothing();
}
