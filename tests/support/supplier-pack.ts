import type { Db } from '../../src/server/db/client';
import { supplierCertificates } from '../../src/server/db/schema';
import { tinyPdf } from './model-documents';

/** Stores a supplier-pack certificate directly (for tests that need one present); returns its id. */
export async function storeCertificateRow(
  db: Db,
  fields: { kind?: string; title?: string; expiresOn?: string; bytes?: Buffer } = {},
) {
  const bytes = fields.bytes ?? tinyPdf(fields.title ?? 'Certificate');
  const [row] = await db
    .insert(supplierCertificates)
    .values({
      kind: fields.kind ?? 'insurance',
      title: fields.title ?? 'Public and products liability insurance',
      expiresOn: fields.expiresOn ?? '2099-12-31',
      filename: 'certificate.pdf',
      size: bytes.length,
      sha256: 'test',
      bytes,
    })
    .returning({ id: supplierCertificates.id });
  if (!row) throw new Error('no certificate stored');
  return row.id;
}
