/** The cap of every cleaned text (accounts spec section 5's sanitiser). */
const TEXT_MAX = 1000;

// Bidirectional embedding, override and isolate marks: they can reorder how the rest of a line reads.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * The cleaning of multi-line free text (order notes) before it is stored: trimmed, angle brackets
 * and control characters removed, every line break written as "\n", at most 1000 characters.
 * Apostrophes and ampersands stay, because the validation allows them in names and organisations
 * (O'Brien, Smith & Sons); every output escapes them instead (docs/decisions/0005-text-cleaning.md).
 */
export function cleanText(value: string): string {
  return (
    value
      .trim()
      // One line break everywhere, so an e-mail can quote each line of the notes.
      .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[<>\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '')
      .replace(BIDI_CONTROLS, '')
      .slice(0, TEXT_MAX)
      .trim()
  );
}

/**
 * The cleaning of a single-line field (names, organisation, address lines, phone, PO and VAT
 * numbers): as `cleanText`, and every run of whitespace or control characters, line breaks
 * included, becomes one space. A line break typed into a one-line field would otherwise let the
 * text pose as separate lines of the shop's own e-mails and documents (docs/decisions/0005).
 */
export function cleanLine(value: string): string {
  return (
    value
      .replace(/[<>]/g, '')
      .replace(BIDI_CONTROLS, '')
      // eslint-disable-next-line no-control-regex -- replacing control characters is the point
      .replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .trim()
      .slice(0, TEXT_MAX)
      .trim()
  );
}
