import { encodeExtended } from 'content-disposition';

/**
 * A download's file name in its document's language (issue 53): "Konformitätserklärung-DW-1.pdf",
 * "Déclaration-de-conformité-DW-1.pdf". HTTP's `filename` carries ASCII only, so it gets a spelling
 * without accents ("Konformitaetserklaerung-DW-1.pdf", the German umlauts written out) and the
 * name itself goes in `filename*` (RFC 6266, RFC 5987), which browsers prefer.
 */
export function asciiFilename(name: string): string {
  return name
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-');
}

/**
 * The Content-Disposition of every download: `filename` the ASCII spelling, and `filename*` the name
 * itself (RFC 8187, encoded by the `content-disposition` package) when the two differ. A quote, a
 * backslash, a line break or an emoji in a stored or uploaded name is percent-encoded there, so it can
 * never end the header or start another. The ASCII spelling keeps only letters, digits, dots, dashes and
 * underscores, so it is quoted as it is: the package would send such a name as a bare token, and every
 * download has always said `filename="…"`.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = asciiFilename(name);
  const header = `${disposition}; filename="${fallback}"`;
  return fallback === name ? header : `${header}; filename*=${encodeExtended(name)}`;
}
