import type { Db } from '../../src/server/db/client';
import { supplierCertificates } from '../../src/server/db/schema';

/** Stores a supplier-pack certificate directly (for tests that need one present); returns its id. */
export async function storeCertificateRow(
  db: Db,
  fields: { kind?: string; title?: string; expiresOn?: string; bytes?: Buffer } = {},
) {
  const bytes = fields.bytes ?? certificatePdf(fields.title ?? 'Certificate');
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

/** A well-formed PDF of the given pages (each a line of text), with its cross-reference table: a certificate as a scanner writes it. */
export function certificatePdf(...pages: string[]): Buffer {
  const texts = pages.length > 0 ? pages : ['Certificate'];
  const objects: string[] = [];
  const pageIds = texts.map((_, index) => 4 + index * 2);
  objects[1] = '<</Type/Catalog/Pages 2 0 R>>';
  objects[2] = `<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(' ')}]/Count ${texts.length}>>`;
  objects[3] = '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>';
  texts.forEach((text, index) => {
    const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
    objects[4 + index * 2] =
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</Font<</F1 3 0 R>>>>/Contents ${5 + index * 2} 0 R>>`;
    objects[5 + index * 2] = `<</Length ${stream.length}>>stream\n${stream}\nendstream`;
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = body.length;
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer<</Size ${objects.length}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF that starts as one but is encrypted (a password-protected certificate): pdf-lib refuses to read it. */
export function encryptedPdf(): Buffer {
  const plain = certificatePdf('Secret certificate').toString('latin1');
  const encrypt =
    '/Encrypt<</Filter/Standard/V 1/R 2/O(0123456789abcdef0123456789abcdef)/U(0123456789abcdef0123456789abcdef)/P -4>>' +
    '/ID[<00112233445566778899aabbccddeeff><00112233445566778899aabbccddeeff>]';
  return Buffer.from(plain.replace('/Root 1 0 R>>', `/Root 1 0 R${encrypt}>>`), 'latin1');
}
