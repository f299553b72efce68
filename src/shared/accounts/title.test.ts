import { describe, expect, it } from 'vitest';
import { asTitle, titledName, titleFieldMessages } from './title';
import { titleEditSchema, titleSchema } from './title-schema';

describe('a title (issue 53)', () => {
  it('takes Mr or Ms; none is null whether empty, null or left out; anything else is refused with its message', () => {
    expect(titleSchema.parse('mr')).toBe('mr');
    expect(titleSchema.parse('ms')).toBe('ms');
    for (const none of ['', null, undefined]) expect(titleSchema.parse(none)).toBeNull();
    for (const other of ['Mr', 'Herr', 'mrs', 'dr', ' mr', 1, true, ['mr'], { mr: 1 }, '__proto__']) {
      const parsed = titleSchema.safeParse(other);
      expect(parsed.success, String(other)).toBe(false);
      if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(titleFieldMessages.title.id);
    }
  });

  it('in an edit, left out leaves it unchanged (undefined) while empty or null clears it', () => {
    expect(titleEditSchema.parse(undefined)).toBeUndefined();
    expect(titleEditSchema.parse('')).toBeNull();
    expect(titleEditSchema.parse(null)).toBeNull();
    expect(titleEditSchema.parse('ms')).toBe('ms');
  });

  it('a stored value not ours reads none; staff read "Mr Thomas Becker", a name without a title as it is', () => {
    expect(asTitle('mr')).toBe('mr');
    expect(asTitle('Herr')).toBeNull();
    expect(asTitle(undefined)).toBeNull();
    expect(titledName('mr', 'Thomas', 'Becker')).toBe('Mr Thomas Becker');
    expect(titledName('ms', 'Anna Becker')).toBe('Ms Anna Becker');
    expect(titledName(null, 'Thomas', ' Becker ')).toBe('Thomas Becker');
    expect(titledName('ms', '<b>Eve</b>')).toBe('Ms <b>Eve</b>');
  });
});
