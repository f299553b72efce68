/** U+nFFFE and U+nFFFF in each of the 17 planes: non-characters, never text. */
const PLANE_ENDS = Array.from({ length: 17 }, (_, plane) => {
  const base = plane * 0x10000;
  return `\\u{${(base + 0xfffe).toString(16)}}-\\u{${(base + 0xffff).toString(16)}}`;
}).join('');

/**
 * Characters no text field may hold: C0 controls other than tab, LF and CR, lone surrogates and
 * U+FFFE/U+FFFF (none of which XML 1.0 can carry, so one of them in a billing field made every
 * e-invoice of the order malformed), and the other Unicode non-characters (U+FDD0–U+FDEF and the
 * last two code points of every plane). NUL and lone surrogates also cannot be stored as
 * PostgreSQL text (docs/decisions/0005, 0072).
 */
export const UNSAFE_CHARACTER = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufdd0-\\ufdef${PLANE_ENDS}]|\\p{Cs}`,
  'u',
);

export const hasUnsafeCharacter = (value: string) => UNSAFE_CHARACTER.test(value);
