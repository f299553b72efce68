import { describe, expect, it } from 'vitest';
import { asciiFilename, contentDisposition } from './content-disposition';

/** Issue 53: a download named in German or French, with an ASCII name for clients that read only that. */
describe('contentDisposition', () => {
  it('sends an ASCII name as before, alone', () => {
    expect(contentDisposition('Factory-test-certificate-DW-1.pdf')).toBe(
      'attachment; filename="Factory-test-certificate-DW-1.pdf"',
    );
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
});
