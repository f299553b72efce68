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

/** RFC 5987's value characters: everything else percent-encoded, the apostrophe and brackets too. */
const encoded = (name: string) =>
  encodeURIComponent(name).replace(/['()*!]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** The Content-Disposition of a download: the ASCII name, and `filename*` when the name is not ASCII. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = asciiFilename(name);
  return ascii === name
    ? `${disposition}; filename="${name}"`
    : `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded(name)}`;
}
