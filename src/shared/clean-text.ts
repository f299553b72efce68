/**
 * The cleaning applied to free text before it is stored: trimmed, angle brackets and control
 * characters removed, at most 1000 characters. Apostrophes and ampersands stay, because the
 * validation allows them in names and organisations (O'Brien, Smith & Sons); every output escapes
 * them instead (docs/decisions/0005-text-cleaning.md).
 */
export function cleanText(value: string): string {
  return (
    value
      .trim()
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .slice(0, 1000)
      .trim()
  );
}
