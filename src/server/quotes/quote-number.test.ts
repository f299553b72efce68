// @engine: the quote number sequence
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createTestDatabase } from '../../../tests/support/database';
import { createQuote as insertQuote } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { seedCatalogue } from '../catalogue/seed-catalogue';
import { queryRows } from '../db/client';
import { createQuote } from './create-quote';

const start = new Date('2026-03-02T10:00:00.000Z');
const year = new Date().getUTCFullYear();

const quoteBody = (email: string) => ({
  configuration: defaultSelection,
  customerInfo: { email, firstName: 'Dorothy', lastName: 'Hodgkin', organization: 'Oxford' },
  flowType: 'quote',
});

const suffix = (quoteNumber: string) => Number(quoteNumber.split('-')[1]);

describe('quote numbers', () => {
  const t = useTestApp({ now: start });

  // Each test its own client address, so the per-client quote limit never meets these tests.
  const create = async (email: string, remoteAddress: string) => {
    const response = await t.post('/api/quotes', quoteBody(email), { remoteAddress });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote.quoteNumber;
  };

  it('numbers quotes one after another from the sequence, zero-padded to four digits', async () => {
    const first = await create('first@example.com', '192.0.2.1');
    const second = await create('second@example.com', '192.0.2.1');
    expect(first).toMatch(/^Q2026-\d{4}$/);
    expect(second).toMatch(/^Q2026-\d{4}$/);
    expect(suffix(second)).toBe(suffix(first) + 1);
  });

  it('gives quotes created at the same moment distinct numbers in one unbroken run', async () => {
    const numbers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(`same-moment-${i}@example.com`, `192.0.2.${10 + i}`)),
    );
    expect(new Set(numbers).size).toBe(12);
    const sorted = numbers.map(suffix).sort((a, b) => a - b);
    expect(sorted).toEqual(Array.from({ length: 12 }, (_, i) => (sorted[0] ?? 0) + i));
  });

  it('widens past 9999 instead of running out', async () => {
    await t.db.execute(sql`select setval('quote_number_seq', 9998, true)`);
    expect(await create('nines@example.com', '192.0.2.30')).toBe('Q2026-9999');
    expect(await create('wider@example.com', '192.0.2.30')).toBe('Q2026-10000');
  });

  it('skips a number an older quote already holds', async () => {
    const [next] = await queryRows<{ n: string }>(
      t.db,
      sql`select case when is_called then last_value + 1 else last_value end as n from quote_number_seq`,
    );
    const taken = `Q2026-${String(next?.n).padStart(4, '0')}`;
    await insertQuote(t.db, { quoteNumber: taken });
    const quoteNumber = await create('after-taken@example.com', '192.0.2.31');
    expect(quoteNumber).not.toBe(taken);
    expect(suffix(quoteNumber)).toBe(suffix(taken) + 1);
  });
});

describe('quote numbers after migration 0012', () => {
  it("start past this year's older random numbers, so a year whose 10,000 are all taken still gets its quote", async () => {
    const database = await createTestDatabase();
    try {
      const run = (statement: string) => database.db.execute(sql.raw(statement));
      await seedCatalogue(database.db);
      // The state before 0012: every four-digit number of this year held by a random-numbered quote.
      await run('DROP TABLE quote_documents');
      await run('DROP SEQUENCE quote_number_seq');
      await run(`INSERT INTO quotes (quote_number, quote_reference, currency, configuration)
        SELECT 'Q${year}-' || lpad(n::text, 4, '0'), 'old-' || n, 'GBP', '{}'::jsonb FROM generate_series(0, 9999) n`);
      await run(`INSERT INTO quotes (quote_number, quote_reference, currency, configuration)
        VALUES ('Q${year - 1}-99999', 'last-year', 'GBP', '{}'::jsonb)`);
      const migration = readFileSync(
        new URL('../../../drizzle/0012_quote_number_sequence.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) await run(statement);

      const quote = await createQuote(database.db, {
        configuration: defaultSelection,
        customerInfo: { email: 'full-year@example.com', firstName: 'Ada', lastName: 'Lovelace', organization: '' },
        flowType: 'quote',
        userId: null,
        now: new Date(),
        publicUrl: 'https://shop.example',
      });
      expect(quote.quoteNumber).toBe(`Q${year}-10000`);
    } finally {
      await database.close();
    }
  });
});
