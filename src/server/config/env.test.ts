import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('works with nothing set', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.dataDir).toMatch(/\/data$/);
  });

  it('treats empty values as unset, as in .env.example', () => {
    const env = loadEnv({ DATABASE_URL: '', REDIS_URL: ' ', SMTP_URL: '', PUBLIC_URL: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('stops with a clear message on a bad value', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses production without an https PUBLIC_URL unless the intranet override is set (security finding 9)', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: production needs the https address/);
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://shop.example.com' })).toThrow(
      /ALLOW_HTTP_PUBLIC_URL/,
    );
    expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example.com/' }).publicUrl).toBe(
      'https://shop.example.com',
    );
    expect(
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://intranet:3000', ALLOW_HTTP_PUBLIC_URL: 'true' }).publicUrl,
    ).toBe('http://intranet:3000');
    // A local run (no NODE_ENV) keeps working on http://localhost.
    expect(loadEnv({}).NODE_ENV).toBe('development');
  });

  it('keeps the VAT-number registries off unless configured; HMRC needs its credentials, VIES an EU or XI requester (issue 37)', () => {
    const off = loadEnv({ VIES_API_URL: '', HMRC_API_URL: '', VIES_REQUESTER_VAT_NUMBER: '' });
    expect(off.VIES_API_URL).toBeUndefined();
    expect(off.HMRC_API_URL).toBeUndefined();
    expect(() => loadEnv({ HMRC_API_URL: 'https://api.service.hmrc.gov.uk' })).toThrow(
      /HMRC checks need the application's HMRC_CLIENT_ID and HMRC_CLIENT_SECRET/,
    );
    expect(() => loadEnv({ VIES_REQUESTER_VAT_NUMBER: 'GB980780684' })).toThrow(/VIES_REQUESTER_VAT_NUMBER/);
    expect(loadEnv({ VIES_REQUESTER_VAT_NUMBER: 'xi 980 7806 84' }).VIES_REQUESTER_VAT_NUMBER).toEqual({
      countryCode: 'XI',
      number: '980780684',
    });
  });

  it('takes MAIL_FROM as an address or a name and address, empty as unset, and refuses anything else (issue 38)', () => {
    expect(loadEnv({}).MAIL_FROM).toBeUndefined();
    expect(loadEnv({ MAIL_FROM: '' }).MAIL_FROM).toBeUndefined();
    expect(loadEnv({ MAIL_FROM: 'no-reply@fjordlight.co.uk' }).MAIL_FROM).toBe('no-reply@fjordlight.co.uk');
    expect(loadEnv({ MAIL_FROM: 'Fjordlight Orders <orders@fjordlight.co.uk>' }).MAIL_FROM).toBe(
      'Fjordlight Orders <orders@fjordlight.co.uk>',
    );
    expect(() => loadEnv({ MAIL_FROM: 'Fjordlight' })).toThrow(/MAIL_FROM: use an e-mail address/);
    expect(() => loadEnv({ MAIL_FROM: 'Fjordlight <not an address>' })).toThrow(/MAIL_FROM/);
  });

  it('trusts no proxy by default, and a hop count or addresses when told (security finding 3)', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.5', '192.168.0.0/16']);
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
