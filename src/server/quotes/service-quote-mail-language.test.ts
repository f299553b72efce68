import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { englishIn } from '../../../tests/support/english-phrases';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import type { Language } from '../../shared/i18n/languages';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { orders } from '../db/schema';
import { createServiceQuote, type ServiceQuoteKind } from '../instruments/service-quote';
import { approverMail, extensionDecisionMail } from './quote-acceptance';
import { resendQuote } from './quote-admin';
import { loadQuoteResource } from './quote-resource';

const start = new Date('2026-12-12T09:00:00.000Z');
const PUBLIC_URL = 'http://localhost:3000';

/**
 * Issue 40 (decision 0064): a repair or servicing-renewal quote takes the language of the order its
 * instrument came from, and its generic quote e-mails (the quote e-mail staff resend, the approver's,
 * the extension decision) are in it.
 */
describe("a service quote's e-mails in its instrument's order's language", () => {
  const t = useTestApp({ now: start });

  /** A delivered instrument of a German-delivered EUR order in `language`, and a quote for it. */
  async function serviceQuote(kind: ServiceQuoteKind, language: Language) {
    const instrument = await createInstrument(t.db);
    const email = `${kind}-${language}@example.com`;
    await t.db
      .update(orders)
      .set({
        language,
        currency: 'EUR',
        configuration: {
          ...defaultSelection,
          customerCountry: 'DE',
          customerInfo: { email, firstName: 'Jürgen', lastName: 'Weber' },
        },
      })
      .where(eq(orders.id, instrument.orderId));
    const row = await t.db.transaction((tx) =>
      createServiceQuote(tx, {
        kind,
        instrumentId: instrument.id,
        description: 'Neuer Pumpenkopf',
        netAmountMinor: 404_025,
        now: t.clock.now,
      }),
    );
    const resource = await loadQuoteResource(t.db, row, t.clock.now);
    const { mail } = await resendQuote(t.db, row, PUBLIC_URL, t.clock.now);
    return { row, resource, mail, email };
  }

  const approver = (resource: QuoteResource) =>
    approverMail(resource, 'chefin@example.com', `${PUBLIC_URL}/quote/x`, exampleBusinessProfile, 'juergen@example.de');
  const declined = (resource: QuoteResource) =>
    extensionDecisionMail(resource, 'declined', new Date('2027-02-01T00:00:00Z'), 'URL', exampleBusinessProfile);

  it('a German order’s repair quote resent by staff: German subject and body, payment in full with no deposit line, the support mailbox, German date and money, no English catalogue phrase; its approver and extension e-mails German too', async () => {
    const { row, resource, mail, email } = await serviceQuote('repair', 'de');
    expect(row.language).toBe('de');
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe(`Ihr Angebot ${row.quoteNumber} für den Dropwise`);
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Guten Tag Jürgen Weber,');
    // 4.040,25 € net and 20% VAT.
    expect(lines).toContain('Gesamtbetrag: 4.848,30\u00a0€');
    expect(lines).toContain(
      'Zahlung: vollständig bei Annahme des Angebots. Es gibt keine Anzahlung und keine Produktionscharge.',
    );
    expect(lines).toContain('Gültig bis: 19. Dezember 2026');
    expect(mail.text).not.toContain('Anzahlung (');
    expect(mail.text).toContain(`(sie geht an ${exampleBusinessProfile.supportEmail})`);
    expect(englishIn(`${mail.subject}\n${mail.text}`, 'de')).toEqual([]);

    const toApprover = approver(resource);
    expect(toApprover.subject).toBe(`Angebot ${row.quoteNumber} zur Freigabe`);
    expect(toApprover.text).toContain('Zwischensumme (netto): 4.040,25\u00a0€');
    expect(toApprover.text).not.toContain('Anzahlung fällig');
    expect(englishIn(`${toApprover.subject}\n${toApprover.text}`, 'de')).toEqual([]);
    const answer = declined(resource);
    expect(answer.text).toContain(`Wir können Ihr Angebot ${row.quoteNumber} nicht bis 1. Februar 2027 verlängern.`);
    expect(englishIn(`${answer.subject}\n${answer.text}`, 'de')).toEqual([]);
  });

  it('a French order’s servicing-renewal quote carries the order’s language: its quote e-mail (deposit, delivery, date and money), approver and extension e-mails are French with no English catalogue phrase', async () => {
    const { row, resource, mail } = await serviceQuote('servicing_renewal', 'fr');
    expect(row.language).toBe('fr');
    expect(mail.subject).toBe(`Votre devis ${row.quoteNumber} pour le Dropwise`);
    expect(mail.text.split('\n')[0]).toBe('Bonjour Jürgen Weber,');
    expect(mail.text).toMatch(
      /^Acompte \(\d+ %\), dû à notre confirmation écrite de votre commande\u202f: \d{1,3}(\u00a0\d{3})*,\d{2}\u00a0€$/m,
    );
    expect(mail.text).toContain('Valable jusqu’au\u202f: 19 décembre 2026');
    expect(mail.text).toMatch(/^Livraison\u202f: DAP/m);
    expect(englishIn(`${mail.subject}\n${mail.text}`, 'fr')).toEqual([]);
    for (const other of [approver(resource), declined(resource)])
      expect(englishIn(`${other.subject}\n${other.text}`, 'fr')).toEqual([]);
    expect(approver(resource).subject).toBe(`Devis ${row.quoteNumber} pour approbation`);
  });

  it('an English order’s repair quote stays English and asks for payment in full, not a deposit', async () => {
    const { row, resource, mail } = await serviceQuote('repair', 'en');
    expect(row.language).toBe('en');
    expect(mail.subject).toBe(`Your Dropwise quote ${row.quoteNumber}`);
    expect(mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Dear Jürgen,',
        'Total: €4,848.30',
        'Payment: in full when you accept the quote. There is no deposit and no production batch.',
        'Valid until: 19 December 2026',
      ]),
    );
    expect(mail.text).not.toContain('Deposit (');
    expect(approver(resource).text).not.toContain('Deposit due');
  });
});
