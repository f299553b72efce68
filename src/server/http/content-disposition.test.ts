import { parse } from 'content-disposition';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { asciiFilename, contentDisposition } from './content-disposition';

/** Issue 53: a download named in German or French, with an ASCII name for clients that read only that. */
describe('contentDisposition', () => {
  it('sends an ASCII name as before, alone', () => {
    expect(contentDisposition('Factory-test-certificate-DW-1.pdf')).toBe(
      'attachment; filename="Factory-test-certificate-DW-1.pdf"',
    );
    expect(contentDisposition('x.pdf')).toBe('attachment; filename="x.pdf"');
  });

  it('edge cases: umlauts written out, ß as ss, accents dropped, the French apostrophe a dash; the name itself in filename*', () => {
    expect(asciiFilename('Größe-Überprüfung-Ä.pdf')).toBe('Groesse-Ueberpruefung-Ae.pdf');
    expect(asciiFilename('Certificat-d’essai-en-usine-DW-1.pdf')).toBe('Certificat-d-essai-en-usine-DW-1.pdf');
    expect(contentDisposition('Déclaration-de-conformité-DW-1.pdf', 'inline')).toBe(
      'inline; filename="Declaration-de-conformite-DW-1.pdf"; filename*=UTF-8\'\'D%C3%A9claration-de-conformit%C3%A9-DW-1.pdf',
    );
  });

  it('never lets a quote, a bracket or an apostrophe through unencoded', () => {
    const header = contentDisposition('a"b\'(c)é.pdf');
    expect(header).toBe('attachment; filename="a-b-c-e.pdf"; filename*=UTF-8\'\'a%22b%27%28c%29%C3%A9.pdf');
  });

  it("keeps a customer's quote and backslash inside filename*: the header has exactly one quoted filename", () => {
    const header = contentDisposition('Order "urgent"\\v2.pdf');
    expect(header).toBe('attachment; filename="Order-urgent-v2.pdf"; filename*=UTF-8\'\'Order%20%22urgent%22%5Cv2.pdf');
    // What a client reads back from it: the name as the customer gave it.
    expect(parse(header).parameters.filename).toBe('Order "urgent"\\v2.pdf');
  });

  it('turns a line break into %0D%0A: no second header, and Fastify sends the download', async () => {
    const header = contentDisposition('PO\r\nSet-Cookie: session=stolen.pdf');
    expect(header).toBe(
      'attachment; filename="PO-Set-Cookie-session-stolen.pdf"; filename*=UTF-8\'\'PO%0D%0ASet-Cookie%3A%20session%3Dstolen.pdf',
    );
    const app = Fastify();
    app.get('/po', (_request, reply) => reply.header('content-disposition', header).send('%PDF-'));
    const response = await app.inject({ method: 'GET', url: '/po' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(header);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('sends an emoji as UTF-8 in filename* and a dash in the ASCII name', () => {
    expect(contentDisposition('Lieferung 📦.pdf', 'inline')).toBe(
      'inline; filename="Lieferung-.pdf"; filename*=UTF-8\'\'Lieferung%20%F0%9F%93%A6.pdf',
    );
  });
});
