import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, exchangeRates, invoices } from '../db/schema';
import { HttpError } from '../http/http-error';
import { parseRatesFile } from './exchange-rates';

/** HMRC's monthly XML as published: one entry per country, the euro in the Eurozone row. */
const hmrcXml = (period = '01/Nov/2026 to 30/Nov/2026', eurozone = '1.1456') => `<?xml version="1.0" encoding="UTF-8"?>
<exchangeRateMonthList Period="${period}">
  <exchangeRate>
    <countryName>Trinidad &amp; Tobago</countryName>
    <countryCode>TT</countryCode>
    <currencyName>Dollar</currencyName>
    <currencyCode>TTD</currencyCode>
    <rateNew>8.9012</rateNew>
  </exchangeRate>
  <!-- a comment HMRC does not write, which the reader skips -->
  <exchangeRate>
    <countryName>Eurozone</countryName>
    <countryCode>EU</countryCode>
    <currencyName>Euro</currencyName>
    <currencyCode>EUR</currencyCode>
    <rateNew>${eurozone}</rateNew>
  </exchangeRate>
  <exchangeRate>
    <countryName>USA</countryName>
    <countryCode>US</countryCode>
    <currencyName>Dollar</currencyName>
    <currencyCode>USD</currencyCode>
    <rateNew>1.3104</rateNew>
  </exchangeRate>
</exchangeRateMonthList>`;

const hmrcCsv = [
  'Country/Territories,Currency,Currency Code,Currency Units per £1,Start date,End date',
  'Eurozone,Euro,EUR,1.1502,01/12/2026,31/12/2026',
  'USA,Dollar,USD,1.3121,01/12/2026,31/12/2026',
  '"Korea, South",Won,KRW,1789.55,01/12/2026,31/12/2026',
].join('\n');

/** The 400 a bad file gets, as its message. */
function refusal(text: string): string {
  try {
    parseRatesFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).statusCode).toBe(400);
    return (error as HttpError).message;
  }
  throw new Error('the file was accepted');
}

describe('reading HMRC’s monthly rates file (issue 36)', () => {
  it('reads the XML: the period’s month and the euro’s rateNew, leaving out currencies the shop does not sell in', () => {
    expect(parseRatesFile(hmrcXml())).toEqual({
      month: '2026-11',
      format: 'xml',
      rates: [{ currency: 'EUR', rate: 1.1456 }],
      ignored: 2,
    });
  });

  it('reads the CSV (LF or CRLF, a quoted country with a comma, a byte-order mark)', () => {
    const expected = { month: '2026-12', format: 'csv', rates: [{ currency: 'EUR', rate: 1.1502 }], ignored: 2 };
    expect(parseRatesFile(hmrcCsv)).toEqual(expected);
    expect(parseRatesFile(`\uFEFF${hmrcCsv.replaceAll('\n', '\r\n')}\r\n`)).toEqual(expected);
  });

  it('takes the Eurozone row when several countries list the euro, and refuses rows that disagree with none to choose', () => {
    const older = hmrcCsv.replace(
      'Eurozone,Euro,EUR,1.1502',
      'Austria,Euro,EUR,1.1500,01/12/2026,31/12/2026\nEurozone,Euro,EUR,1.1502',
    );
    expect(parseRatesFile(older).rates).toEqual([{ currency: 'EUR', rate: 1.1502 }]);
    const clash = hmrcCsv.replace(
      'Eurozone,Euro,EUR,1.1502',
      'Austria,Euro,EUR,1.1500,01/12/2026,31/12/2026\nFrance,Euro,EUR,1.1502',
    );
    expect(refusal(clash)).toBe('The file gives EUR different rates (1.15, 1.1502) and no Eurozone row to choose.');
  });

  it('refuses a bad file with a message naming what is wrong', () => {
    expect(refusal('<rates><rate/></rates>')).toMatch(/has no <exchangeRateMonthList> element/);
    expect(refusal(hmrcXml().replace('</exchangeRateMonthList>', ''))).toMatch(/cut short/);
    expect(refusal(hmrcXml('November 2026'))).toBe(
      'The Period attribute “November 2026” should read like “01/Nov/2026 to 30/Nov/2026”.',
    );
    expect(refusal(hmrcXml(undefined, 'abc'))).toBe(
      'Entry 2 (Eurozone): the rate “abc” is not a positive number with up to 6 decimals.',
    );
    expect(refusal(hmrcXml().replace('<rateNew>1.1456</rateNew>', ''))).toBe('Entry 2 (Eurozone) has no <rateNew>.');
    expect(refusal(hmrcXml().replace('<currencyCode>EUR</currencyCode>', '<currencyCode>XEU</currencyCode>'))).toBe(
      'The file has no rate for EUR, a currency the shop sells in.',
    );
    expect(refusal('Country,Currency,Rate\nEurozone,EUR,1.15')).toMatch(
      /^The CSV has no “Currency Code” column; HMRC’s monthly file starts with: Country\/Territories/,
    );
    expect(refusal(hmrcCsv.replace('01/12/2026,31/12/2026\nUSA', '2026-12-01,31/12/2026\nUSA'))).toBe(
      'Row 2 (Eurozone): the start date “2026-12-01” is not DD/MM/YYYY.',
    );
    expect(refusal(hmrcCsv.replace('USA,Dollar,USD,1.3121,01/12/2026', 'USA,Dollar,USD,1.3121,01/01/2027'))).toBe(
      'The file covers more than one month (2026-12, 2027-01); import one month’s file at a time.',
    );
    expect(refusal(hmrcCsv.split('\n')[0] ?? '')).toBe('The CSV has a header but no rates.');
  });
});

describe('monthly exchange rates and every document’s GBP figures (issue 36)', () => {
  const t = useTestApp({ now: new Date('2026-11-10T09:00:00.000Z') });

  async function freshAdmin(roles: Parameters<typeof createAdminSession>[2] = ['owner']) {
    const admin = await createAdminSession(t, t.db, roles);
    await admin.stepUp();
    return admin;
  }

  it('enters a month’s rate behind a fresh code and audits it; imports HMRC’s file; lists by month', async () => {
    const finance = await createAdminSession(t, t.db, ['finance']);
    const stale = await t.put('/api/admin/exchange-rates/2026-10/EUR', { rate: 1.1398 }, { cookie: finance.cookie });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');
    await finance.stepUp();
    const put = await t.put('/api/admin/exchange-rates/2026-10/EUR', { rate: 1.1398 }, { cookie: finance.cookie });
    expect(put.statusCode).toBe(200);
    expect(put.json().rate).toMatchObject({
      month: '2026-10',
      currency: 'EUR',
      rate: 1.1398,
      source: 'manual',
      enteredBy: finance.user.email,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'exchange_rate.update'));
    expect(entry).toMatchObject({
      entityType: 'exchange_rate',
      entityId: '2026-10',
      before: null,
      after: { currency: 'EUR', rate: 1.1398, source: 'manual' },
    });
    expect(
      (await t.put('/api/admin/exchange-rates/2026-10/USD', { rate: 1.3 }, { cookie: finance.cookie })).json().error
        .fields,
    ).toMatchObject({ currency: 'Rates are kept for the currencies the shop sells in: EUR' });
    expect(
      (await t.put('/api/admin/exchange-rates/2026-13/EUR', { rate: 1.1 }, { cookie: finance.cookie })).statusCode,
    ).toBe(400);
    expect(
      (await t.put('/api/admin/exchange-rates/2026-10/EUR', { rate: -1 }, { cookie: finance.cookie })).statusCode,
    ).toBe(400);

    // HMRC's file for November, then a corrected file: the answer names the rate it replaced.
    const imported = await t.post(
      '/api/admin/exchange-rates/import',
      { file: hmrcXml(undefined, '1.1400') },
      { cookie: finance.cookie },
    );
    expect(imported.statusCode).toBe(200);
    const again = await t.post('/api/admin/exchange-rates/import', { file: hmrcXml() }, { cookie: finance.cookie });
    expect(again.json()).toEqual({
      month: '2026-11',
      format: 'xml',
      imported: [{ currency: 'EUR', rate: 1.1456, previous: 1.14 }],
      ignored: 2,
    });
    const bad = await t.post(
      '/api/admin/exchange-rates/import',
      { file: 'not a rates file' },
      { cookie: finance.cookie },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'bad_rates_file',
      fields: { file: expect.stringMatching(/Currency Code/) },
    });
    const huge = await t.post(
      '/api/admin/exchange-rates/import',
      { file: 'x'.repeat(200_001) },
      { cookie: finance.cookie },
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields.file).toMatch(/larger than 200 KB/);

    const list = (await t.get('/api/admin/exchange-rates', { cookie: finance.cookie })).json();
    expect(list.currencies).toEqual(['EUR']);
    expect(
      list.items.map((item: { month: string; rate: number; source: string }) => [item.month, item.rate, item.source]),
    ).toEqual([
      ['2026-11', 1.1456, 'hmrc'],
      ['2026-10', 1.1398, 'manual'],
    ]);
    const october = (await t.get('/api/admin/exchange-rates?month=2026-10', { cookie: finance.cookie })).json();
    expect(october.items).toHaveLength(1);
    expect(await t.db.select().from(exchangeRates)).toHaveLength(2);
  });

  it('records each document’s GBP figures at issue; the register converts one issued before its month had a rate and names one that still has none', async () => {
    let admin = await freshAdmin();
    const euro = await createOrder(t.db, {
      currency: 'EUR',
      totalAmount: 476691,
      depositAmount: 238345,
      vatAmount: 0,
      vatRate: 0,
      status: 'confirmed',
      shippingAddress: {
        street: 'Im Neuenheimer Feld 1',
        city: 'Heidelberg',
        state: null,
        postal_code: '69120',
        country: 'DE',
      },
    });
    const pounds = await createOrder(t.db, {
      totalAmount: 600000,
      depositAmount: 300000,
      vatAmount: 100000,
      vatRate: 20,
      status: 'confirmed',
    });
    // November has HMRC's 1.1456 (the test above): the deposit invoice records £2,080.53.
    const issued = await t.post(`/api/admin/orders/${euro.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(issued.statusCode).toBe(201);
    const [deposit] = await t.db.select().from(invoices).where(eq(invoices.id, issued.json().invoice.id));
    expect(deposit).toMatchObject({ gbpRate: 1.1456, gbpRateMonth: '2026-11', gbpAmount: 208053, gbpVatAmount: 0 });
    const gbpIssued = await t.post(
      `/api/admin/orders/${pounds.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    const [gbpDeposit] = await t.db.select().from(invoices).where(eq(invoices.id, gbpIssued.json().invoice.id));
    expect(gbpDeposit).toMatchObject({ gbpRate: 1, gbpRateMonth: '2026-11', gbpAmount: 300000, gbpVatAmount: 50000 });

    // December has no rate yet: a credit note of €100.01 records nothing in pounds.
    t.clock.now = new Date('2026-12-02T10:00:00.000Z');
    admin = await freshAdmin();
    const credit = await t.post(
      `/api/admin/invoices/${deposit?.id}/credit`,
      { amount: 10001, reason: 'Goodwill' },
      { cookie: admin.cookie },
    );
    expect(credit.statusCode).toBe(201);
    const [note] = await t.db.select().from(invoices).where(eq(invoices.id, credit.json().invoice.id));
    expect(note).toMatchObject({ gbpRate: null, gbpRateMonth: null, gbpAmount: null, gbpVatAmount: null });

    const register = async () =>
      (await t.get('/api/admin/invoices?from=2026-11-01&to=2026-12-31', { cookie: admin.cookie })).json();
    let answer = await register();
    const noteRow = () => answer.items.find((item: { number: string }) => item.number === note?.number);
    expect(noteRow()).toMatchObject({ gbp: null, gbpSource: 'missing', gbpNote: 'no rate for 2026-12', euGoods: true });
    expect(answer.vatReturn.missing).toEqual([{ number: note?.number, currency: 'EUR', month: '2026-12' }]);
    // Left out of the pounds, so no total reads wrong: box 6 is the two November invoices' net alone.
    expect(answer.vatReturn.boxes.find((box: { box: number }) => box.box === 6).pence).toBe(208053 + 250000);
    // Box 8 is 0 for a trader in Great Britain (issue 51): the euro goods are exports, in box 6.
    expect(answer.vatReturn.boxes.find((box: { box: number }) => box.box === 8).pence).toBe(0);
    expect(answer.vatReturn.boxes.find((box: { box: number }) => box.box === 1).pence).toBe(50000);

    // Staff enter December's rate: the register converts the credit note with it and says so.
    const put = await t.put('/api/admin/exchange-rates/2026-12/EUR', { rate: 1.1502 }, { cookie: admin.cookie });
    expect(put.statusCode).toBe(200);
    answer = await register();
    expect(noteRow()).toMatchObject({
      gbp: { net: -8695, vat: 0, gross: -8695 },
      gbpRate: 1.1502,
      gbpRateMonth: '2026-12',
      gbpSource: 'table',
      gbpNote: 'rate from table',
    });
    expect(answer.vatReturn.missing).toEqual([]);
    expect(answer.vatReturn.boxes.find((box: { box: number }) => box.box === 6)).toMatchObject({
      pence: 208053 + 250000 - 8695,
      entered: '£4,493',
    });
    expect(
      answer.vatReturn.gbpTotals.map((total: { month: string | null; net: number }) => [total.month, total.net]),
    ).toEqual([
      [null, 208053 + 250000 - 8695],
      ['2026-11', 208053 + 250000],
      ['2026-12', -8695],
    ]);
    // The stored figures stay as issued (a document is never edited).
    const [unchanged] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, note?.id ?? ''));
    expect(unchanged?.gbpAmount).toBeNull();

    const csv = await t.get('/api/admin/invoices.csv?from=2026-11-01&to=2026-12-31', { cookie: admin.cookie });
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text).toContain('rate from table');
    expect(text).toContain('Box 6: total value of sales');
    expect(text).toContain('Total in pounds');
  });
});
