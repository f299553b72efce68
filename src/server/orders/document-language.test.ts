import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultLanguageFor } from '../../shared/i18n/languages';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { documentHtml } from '../../shared/documents/document-html';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { auditLog, mailOutbox, orders, quotes } from '../db/schema';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { pdfText } from '../../../tests/support/pdf-text';

const customer = (email: string) => ({ email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Lab' });

const billing = (email: string, country: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  company: 'Lab',
  email,
  address: '1 Rue de la Paix',
  city: 'Town',
  postalCode: country === 'GB' ? 'SW1Y 4JH' : '69120',
  country,
});

describe('the language of a buyer’s documents (issue 40)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  it('defaults from the country: DE, AT, LI German; FR, LU, BE French; anything else English', () => {
    expect(['DE', 'AT', 'LI', 'FR', 'LU', 'BE', 'GB', 'NL', 'CH', 'US', ''].map(defaultLanguageFor)).toEqual([
      'de',
      'de',
      'de',
      'fr',
      'fr',
      'fr',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('a quote takes the configurator country’s default, or the buyer’s pick; an unknown language is 400', async () => {
    const german = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customerInfo: customer('heidelberg@example.com'),
    });
    expect(german.statusCode, german.body).toBe(201);
    expect((german.json() as { quote: QuoteResource }).quote.language).toBe('de');

    // A Belgian buyer is preset to French and can pick English instead.
    const picked = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'BE' },
      customerInfo: customer('brussels@example.com'),
      language: 'en',
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const { quote } = picked.json() as { quote: QuoteResource };
    const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.language).toBe('en');

    const refused = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: customer('klingon@example.com'),
      language: 'tlh',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('an order from a quote keeps the quote’s language; an order may pick its own; without either, the billing country’s', async () => {
    const made = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR' },
      customerInfo: customer('lyon@example.com'),
      flowType: 'order',
    });
    const { quote } = made.json() as { quote: QuoteResource };
    expect(quote.language).toBe('fr');
    const fromQuote = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: billing('lyon@example.com', 'FR'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(fromQuote.statusCode, fromQuote.body).toBe(201);
    expect((fromQuote.json() as { order: { language: string } }).order.language).toBe('fr');

    const chosen = await t.post('/api/orders', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      billing: billing('heidelberg-en@example.com', 'DE'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect((chosen.json() as { order: { language: string } }).order.language).toBe('en');

    const byCountry = await t.post('/api/orders', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      billing: billing('vaduz@example.com', 'DE'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect((byCountry.json() as { order: { language: string } }).order.language).toBe('de');

    const refused = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: billing('nowhere@example.com', 'GB'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      language: 'es',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('staff with orders.edit change it, audited; a role without orders.edit is refused; a bad language is 400', async () => {
    const placed = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: billing('change@example.com', 'GB'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    const { order } = placed.json() as { order: { id: string; language: string } };
    expect(order.language).toBe('en');

    const finance = await createAdminSession(t, t.db, ['finance']);
    const forbidden = await t.put(
      `/api/admin/orders/${order.id}/language`,
      { language: 'de' },
      { cookie: finance.cookie },
    );
    expect(forbidden.statusCode).toBe(403);

    const admin = await createAdminSession(t);
    const bad = await t.put(`/api/admin/orders/${order.id}/language`, { language: 'xx' }, { cookie: admin.cookie });
    expect(bad.statusCode).toBe(400);
    const changed = await t.put(`/api/admin/orders/${order.id}/language`, { language: 'de' }, { cookie: admin.cookie });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as { order: { language: string } }).order.language).toBe('de');
    const [row] = await t.db.select({ language: orders.language }).from(orders).where(eq(orders.id, order.id));
    expect(row?.language).toBe('de');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'order.language'));
    expect(entry).toMatchObject({ entityId: order.id, before: { language: 'en' }, after: { language: 'de' } });
  });
});

/** Thousands grouped with `group`, then the decimal comma and the euro sign: German and French money, written out. */
const euros = (minor: number, group: string) =>
  `${String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, group)},${String(minor % 100).padStart(2, '0')} €`;

const buyers = [
  {
    language: 'de' as const,
    country: 'DE',
    city: 'Heidelberg',
    postalCode: '69120',
    money: (minor: number) => euros(minor, '.'),
    orderDate: '3. November 2026',
    says: {
      acknowledgement: ['BESTELLEINGANGSBESTÄTIGUNG', 'Bestellnummer', 'Bestelldatum', 'Rechnungsempfänger', 'Menge'],
      confirmation: ['AUFTRAGSBESTÄTIGUNG', 'Bestätigt am', 'verbindlich ist allein ihr englischer Wortlaut'],
      deliveryNote: ['LIEFERSCHEIN', 'Bei Erhalt', 'Gedruckt am: 3. November 2026'],
      invoice: ['RECHNUNG', 'Rechnungsnummer', 'Fällig am', 'Zu zahlender Betrag', 'Verwendungszweck'],
      received: ['Guten Tag Ada,', 'Vielen Dank für Ihre Bestellung', 'Bestelldatum: 3. November 2026'],
      receivedSubject: 'Wir haben Ihre Bestellung',
      confirmedSubject: 'ist bestätigt',
      invoiceSubject: 'Rechnung',
    },
  },
  {
    language: 'fr' as const,
    country: 'FR',
    city: 'Lyon',
    postalCode: '69007',
    money: (minor: number) => euros(minor, ' '),
    orderDate: '3 novembre 2026',
    says: {
      acknowledgement: [
        'ACCUSÉ DE RÉCEPTION DE COMMANDE',
        'Numéro de commande',
        'Date de commande',
        'Facturer à',
        'Qté',
      ],
      confirmation: ['CONFIRMATION DE COMMANDE', 'Confirmée le', 'seul le texte anglais fait foi'],
      deliveryNote: ['BON DE LIVRAISON', 'À la réception', 'Imprimé le: 3 novembre 2026'],
      invoice: ['FACTURE', 'Numéro de facture', 'Date d’échéance', 'Montant à payer', 'comme référence'],
      received: ['Bonjour Ada,', 'Merci pour votre commande', 'Date de commande : 3 novembre 2026'],
      receivedSubject: 'Nous avons bien reçu votre commande',
      confirmedSubject: 'est confirmée',
      invoiceSubject: 'Facture',
    },
  },
];

describe('a German or French order’s documents and e-mails are in its language (issue 40)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  it.each(buyers)(
    '$language: acknowledgement, confirmation and invoice PDFs and the e-mails, with its dates and money, no English phrase, customer text as typed',
    async (buyer) => {
      const email = `${buyer.language}-buyer@example.com`;
      const placed = await t.post('/api/orders', {
        configuration: {
          ...defaultSelection,
          powerAdaptor: 'eu-power',
          customerCountry: buyer.country,
          batch: 'batch-2',
        },
        billing: {
          ...billing(email, buyer.country),
          city: buyer.city,
          postalCode: buyer.postalCode,
          // Customer text: printed as typed, never translated.
          company: 'Institute of Fluid Dynamics',
          poNumber: 'Phone order 77',
        },
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (
        placed.json() as { order: { id: string; orderNumber: string; totalAmount: number; language: string } }
      ).order;
      expect(order.language).toBe(buyer.language);

      const admin = await createAdminSession(t);
      const acknowledgement = oneSpaced(
        pdfText(
          (await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie: admin.cookie })).rawPayload,
        ),
      );
      expect(
        (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
      ).toBe(200);
      await admin.stepUp();
      const issued = await t.post(
        `/api/admin/orders/${order.id}/invoices`,
        { kind: 'deposit' },
        { cookie: admin.cookie },
      );
      expect(issued.statusCode, issued.body).toBe(201);

      const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      const mail = (kind: string) => mails.find((row) => row.kind === kind);
      const attached = (kind: string) => {
        const attachment = mail(kind)?.attachments?.[0];
        return oneSpaced(
          pdfText(Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64')),
        );
      };
      const confirmation = attached('order_confirmed');
      const deliveryNote = oneSpaced(
        pdfText((await t.get(`/api/admin/orders/${order.id}/packing-slip`, { cookie: admin.cookie })).rawPayload),
      );
      for (const text of buyer.says.deliveryNote) expect(deliveryNote).toContain(text);
      const invoice = attached('invoice_deposit');

      for (const text of buyer.says.acknowledgement) expect(acknowledgement).toContain(text);
      for (const text of buyer.says.confirmation) expect(confirmation).toContain(text);
      for (const text of buyer.says.invoice) expect(invoice).toContain(text);
      // Its date and money formats: "3. November 2026" and "5.020,88 €"; "3 novembre 2026" and "5 020,88 €".
      expect(acknowledgement).toContain(buyer.orderDate);
      expect(acknowledgement).toContain(buyer.money(order.totalAmount));
      expect(invoice).toContain(buyer.orderDate);
      expect(invoice).not.toMatch(/€\d/);
      // Customer text as typed; the binding English terms linked.
      for (const text of [acknowledgement, confirmation, invoice]) {
        expect(text).toContain('Institute of Fluid Dynamics');
        expect(text).toContain('/terms-of-sale');
      }
      expect(acknowledgement).toContain('Phone order 77');

      const received = mail('order_received');
      expect(received?.subject).toContain(buyer.says.receivedSubject);
      for (const text of buyer.says.received) expect(oneSpaced(received?.textBody ?? '')).toContain(text);
      expect(oneSpaced(received?.textBody ?? '')).toContain(buyer.money(order.totalAmount));
      expect(mail('order_confirmed')?.subject).toContain(buyer.says.confirmedSubject);
      expect(mail('invoice_deposit')?.subject).toContain(buyer.says.invoiceSubject);

      // Not one phrase of the English catalogue in any of them.
      const texts = {
        acknowledgement,
        confirmation,
        invoice,
        deliveryNote,
        ...Object.fromEntries(mails.map((row) => [row.kind, `${row.subject}\n${row.textBody}`])),
      };
      for (const [name, text] of Object.entries(texts)) expect(englishIn(text, buyer.language), name).toEqual([]);
    },
  );

  it('the English-phrase check finds English: an English order’s acknowledgement is full of them', async () => {
    const placed = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: billing('english-buyer@example.com', 'GB'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    const { order } = placed.json() as { order: { id: string } };
    const admin = await createAdminSession(t);
    const text = pdfText(
      (await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie: admin.cookie })).rawPayload,
    );
    expect(englishIn(text, 'de')).toEqual(expect.arrayContaining(['ORDER ACKNOWLEDGEMENT', 'Order number']));
    expect(englishIn(text, 'fr').length).toBeGreaterThan(10);
  });
});

describe('a German or French quote is in its language (issue 40)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });

  it.each([
    {
      language: 'de' as const,
      country: 'DE',
      says: ['ANGEBOT', 'Angebotsnummer', 'Gültig bis', 'Erstellt für'],
      mail: 'Ihr Angebot',
    },
    {
      language: 'fr' as const,
      country: 'FR',
      says: ['DEVIS', 'Numéro de devis', 'Valable jusqu’au', 'Établi pour'],
      mail: 'Votre devis',
    },
  ])('$language: the quote PDF and its e-mail, with no English phrase; the organisation as typed', async (buyer) => {
    const email = `quote-${buyer.language}@example.com`;
    const made = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: buyer.country },
      customerInfo: { ...customer(email), organization: 'Institute of Fluid Dynamics' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { quote } = made.json() as { quote: QuoteResource };
    const pdf = oneSpaced(pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload));
    for (const text of buyer.says) expect(pdf).toContain(text);
    expect(pdf).toContain('Institute of Fluid Dynamics');
    expect(pdf).toContain('/terms-of-sale');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.subject).toContain(buyer.mail);
    expect(englishIn(pdf, buyer.language), 'quote PDF').toEqual([]);
    // The browser's printable page is drawn from the same model: its headings and money in the language too.
    const model = (await t.get(`/api/quotes/${quote.reference}/document`)).json() as { document: BusinessDocument };
    const html = documentHtml(model.document);
    expect(html).toContain(`<html lang="${buyer.language}">`);
    expect(html).toContain(buyer.language === 'de' ? 'Einzelpreis' : 'Prix unitaire');
    expect(oneSpaced(html)).toContain(buyer.language === 'de' ? '3.340,00 €' : '3 340,00 €');
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, buyer.language), 'quote e-mail').toEqual([]);
  });
});
