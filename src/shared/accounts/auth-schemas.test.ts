import { describe, expect, it } from 'vitest';
import {
  cleanCode,
  codeSchema,
  emailSchema,
  isValidEmail,
  passwordSchema,
  profileUpdateSchema,
  sanitiseText,
  signInSchema,
  signUpSchema,
} from './auth-schemas';
import { fieldDescriptor } from '../field-messages';

/** A zod issue's message is a shared field message's id (issue 53): its English, found by the id. */
const english = (id: string | undefined) => (id === undefined ? undefined : fieldDescriptor(id)?.message);

describe('auth validation (spec section 5)', () => {
  it('accepts standard addresses and refuses malformed or over-long ones', () => {
    expect(isValidEmail('ada@example.com')).toBe(true);
    expect(isValidEmail('a.b+shop@lab.example.co.uk')).toBe(true);
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@exa mple.com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(243)}@example.com`)).toBe(false);
    expect(emailSchema.safeParse(' ada@example.com ').data).toBe('ada@example.com');
    expect(emailSchema.safeParse('nope').error?.issues[0]?.message).toBe('error.emailStop');
    expect(english(emailSchema.safeParse('nope').error?.issues[0]?.message)).toBe(
      'Please enter a valid email address.',
    );
  });

  it('needs a password of at least 6 characters', () => {
    expect(english(passwordSchema.safeParse('12345').error?.issues[0]?.message)).toBe(
      'Password must be at least 6 characters long.',
    );
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(signInSchema.parse({ email: 'a@b.co', password: 'secret' }).remember).toBe(false);
  });

  it('keeps codes to 6 digits', () => {
    expect(cleanCode('12 34-5678')).toBe('123456');
    expect(cleanCode('abc')).toBe('');
    expect(english(codeSchema.safeParse('12345').error?.issues[0]?.message)).toBe(
      'Please enter a 6-digit verification code',
    );
    expect(codeSchema.safeParse('123456').success).toBe(true);
  });

  it('sanitises profile text', () => {
    expect(sanitiseText("  <b>O'Brien & Sons</b> ")).toBe("bO'Brien & Sons/b");
    expect(sanitiseText('x'.repeat(1200))).toHaveLength(1000);
    expect(
      profileUpdateSchema.parse({ firstName: ' Ada ', lastName: '', phone: null, company: '<A&B>', country: 'GB' }),
    ).toEqual({
      firstName: 'Ada',
      lastName: null,
      phone: null,
      company: 'A&B',
      country: 'GB',
    });
  });

  it('cleans profile and sign-up names to one line', () => {
    expect(
      profileUpdateSchema.parse({
        firstName: 'Ada\r\nIMPORTANT',
        lastName: 'Love\u2028lace',
        phone: '020\t7946',
        company: 'Lab\n\nLtd',
        country: 'GB\u0000',
      }),
    ).toEqual({
      firstName: 'Ada IMPORTANT',
      lastName: 'Love lace',
      phone: '020 7946',
      company: 'Lab Ltd',
      country: 'GB',
    });
    expect(
      signUpSchema.parse({ email: 'a@b.co', password: 'secret-1', firstName: 'Ada\nIMPORTANT', lastName: '\r\n' }),
    ).toMatchObject({ firstName: 'Ada IMPORTANT', lastName: undefined });
  });
});
