import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countryLanguage } from '../../shared/i18n/languages';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import type { BusinessDocument } from '../../shared/documents/document-model';
import { documentHtml } from '../../shared/documents/document-html';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import { auditLog, invoices, mailOutbox, orders, quotes } from '../db/schema';
import { guestBilling } from '../../../tests/support/factories';
import { repairQuoteOfOwnInstrument } from '../../../tests/support/service-fixtures';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { pdfText } from '../../../tests/support/pdf-text';
import { originStatement } from '../../shared/customs';

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
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it('a delivery country only suggests a language: DE, AT, LI German; FR, LU, BE French; GB, IE English; others none', () => {
    expect(['DE', 'AT', 'LI', 'FR', 'LU', 'BE', 'GB', 'IE', 'NL', 'CH', 'US', ''].map(countryLanguage)).toEqual([
      'de',
      'de',
      'de',
      'fr',
      'fr',
      'fr',
      'en',
      'en',
      null,
      null,
      null,
      null,
    ]);
  });

  it('an English reader delivering to Germany gets an English quote and e-mail (the page’s language, not the country’s)', async () => {
    for (const [email, language] of [
      ['uk-reader@example.com', 'en'],
      ['uk-reader-unsent@example.com', undefined],
    ] as const) {
      const made = await t.post('/api/quotes', {
        configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
        customerInfo: customer(email),
        ...(language ? { language } : {}),
      });
      expect(made.statusCode, made.body).toBe(201);
      const { quote } = made.json() as { quote: QuoteResource };
      expect(quote.language).toBe('en');
      const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
      expect(mail?.subject).toMatch(/^Your Dropwise quote Q/);
      expect(mail?.textBody).toContain('Dear Ada,');
      const pdf = oneSpaced(pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload));
      expect(pdf).toContain('QUOTATION');
      expect(pdf).not.toContain('ANGEBOT');
    }
  });

  it('a quote takes the buyer’s pick; an unknown language is 400', async () => {
    const german = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
      customerInfo: customer('heidelberg@example.com'),
      language: 'de',
    });
    expect(german.statusCode, german.body).toBe(201);
    expect((german.json() as { quote: QuoteResource }).quote.language).toBe('de');

    // A Belgian buyer reading English keeps English (French is only suggested).
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

  it('an order from a quote keeps the quote’s language; an order may pick its own; without either, English, never the billing country’s', async () => {
    const made = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR' },
      customerInfo: customer('lyon@example.com'),
      flowType: 'order',
      language: 'fr',
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
    expect((byCountry.json() as { order: { language: string } }).order.language).toBe('en');

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
      // Issue 53: the shop's order number is the Auftragsnummer; the buyer's PO number is Ihre Bestellnummer.
      acknowledgement: [
        'BESTELLEINGANGSBESTÄTIGUNG',
        'Auftragsnummer',
        'Ihre Bestellnummer',
        'Bestelldatum',
        'Rechnungsempfänger',
        'Menge',
      ],
      confirmation: ['AUFTRAGSBESTÄTIGUNG', 'Bestätigt am', 'verbindlich ist allein ihr englischer Wortlaut'],
      deliveryNote: ['LIEFERSCHEIN', 'Bei Erhalt', 'Gedruckt am: 3. November 2026'],
      commercialInvoice: [
        'HANDELSRECHNUNG',
        'Verkäufer (Ausführer)',
        'Käufer (Einführer)',
        'Warennummer',
        'Lieferbedingungen: DAP Heidelberg, Incoterms 2020. Bestimmungsland: Deutschland.',
        'Ich erkläre, dass die Angaben auf dieser Rechnung wahr und richtig sind.',
        'Datum: 3. November 2026',
        'Die Erklärung zum Ursprung steht in ihrer englischen Fassung',
      ],
      invoice: [
        'RECHNUNG',
        'Rechnungsnummer',
        'Fällig am',
        'Zu zahlender Betrag',
        'Verwendungszweck',
        // Issue 53: the Bank of England's base rate, not the German Basiszinssatz; the place registered in German.
        '8 Prozentpunkte über dem Leitzins der Bank of England',
        'Eingetragen in England und Wales',
      ],
      typography: [] as string[],
      received: ['Guten Tag Ada Lovelace,', 'Vielen Dank für Ihre Bestellung', 'Bestelldatum: 3. November 2026'],
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
      deliveryNote: ['BON DE LIVRAISON', 'À la réception', 'Imprimé le : 3 novembre 2026'],
      commercialInvoice: [
        'FACTURE COMMERCIALE',
        'Vendeur (exportateur)',
        'Acheteur (importateur)',
        'Désignation',
        'Conditions de livraison : DAP Lyon, Incoterms 2020. Pays de destination : France.',
        'Je déclare que les informations figurant sur cette facture sont exactes et sincères.',
        'Date : 3 novembre 2026',
        'La déclaration d’origine est donnée dans sa version anglaise',
      ],
      invoice: [
        'FACTURE',
        'Numéro de facture',
        'Date d’échéance',
        'Montant à payer',
        'comme référence',
        '8 points au-dessus du taux directeur de la Banque d’Angleterre',
        'Immatriculée en Angleterre et pays de Galles',
      ],
      // Issue 53: French typography in the e-mail: a narrow no-break space before the colon and the question mark.
      typography: ['Numéro de commande\u202f: O2026-', 'Des questions\u202f?'],
      received: ['Bonjour Ada Lovelace,', 'Merci pour votre commande', 'Date de commande : 3 novembre 2026'],
      receivedSubject: 'Nous avons bien reçu votre commande',
      confirmedSubject: 'est confirmée',
      invoiceSubject: 'Facture',
    },
  },
];

describe('a German or French order’s documents and e-mails are in its language (issue 40)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it.each(buyers)(
    '$language: acknowledgement, confirmation, invoice, delivery note and commercial invoice PDFs and the e-mails, with its dates and money, no English phrase (the prescribed English statement on origin aside), customer text as typed',
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
        language: buyer.language,
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
      // The commercial invoice (customs, an export from the UK): in the order's language; the EORI and Incoterm as data.
      const commercial = await t.get(`/api/admin/orders/${order.id}/commercial-invoice`, { cookie: admin.cookie });
      expect(commercial.statusCode, commercial.body).toBe(200);
      // Issue 53: named in the order's language, as its other papers (the ASCII name: nothing to write out).
      expect(commercial.headers['content-disposition']).toBe(
        `attachment; filename="${buyer.language === 'de' ? 'Handelsrechnung' : 'Facture-commerciale'}-${order.orderNumber}.pdf"`,
      );
      const commercialText = oneSpaced(pdfText(commercial.rawPayload));
      // The statement on origin keeps the Agreement's prescribed English words (its English version is valid
      // in the EU; Annex ORIG-4), announced in the language; it is left out of the English-phrase check only.
      const statement = originStatement(/Exporter Reference No (\S+)\)/.exec(commercialText)?.[1] ?? '');
      expect(commercialText).toContain(statement);
      const commercialInvoice = commercialText.replace(statement, '');
      for (const text of buyer.says.commercialInvoice) expect(commercialInvoice).toContain(text);
      expect(commercialInvoice).toContain('EORI');
      // The instrument's value in the language's money format ("3.340,00 €", "3 340,00 €").
      expect(commercialInvoice).toContain(buyer.money(334000));
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
      for (const text of buyer.says.typography) expect(received?.textBody).toContain(text);
      expect(oneSpaced(received?.textBody ?? '')).toContain(buyer.money(order.totalAmount));
      expect(mail('order_confirmed')?.subject).toContain(buyer.says.confirmedSubject);
      expect(mail('invoice_deposit')?.subject).toContain(buyer.says.invoiceSubject);

      // Not one phrase of the English catalogue in any of them.
      const texts = {
        acknowledgement,
        confirmation,
        invoice,
        deliveryNote,
        commercialInvoice,
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
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

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
      language: buyer.language,
    });
    expect(made.statusCode, made.body).toBe(201);
    const { quote } = made.json() as { quote: QuoteResource };
    const download = await t.get(`/api/quotes/${quote.reference}/pdf`);
    const pdf = oneSpaced(pdfText(download.rawPayload));
    for (const text of buyer.says) expect(pdf).toContain(text);
    expect(pdf).toContain('Institute of Fluid Dynamics');
    // Issue 53: the download and the e-mail's attachment are named in the language.
    const filename = `${buyer.language === 'de' ? 'Angebot' : 'Devis'}-${quote.quoteNumber}.pdf`;
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(pdf).toContain('/terms-of-sale');
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(mail?.subject).toContain(buyer.mail);
    expect(mail?.attachments?.map((attachment) => attachment.filename)).toEqual([filename]);
    expect(englishIn(pdf, buyer.language), 'quote PDF').toEqual([]);
    // The browser's printable page is drawn from the same model: its headings and money in the language too.
    const model = (await t.get(`/api/quotes/${quote.reference}/document`)).json() as { document: BusinessDocument };
    const html = documentHtml(model.document);
    expect(html).toContain(`<html lang="${buyer.language}">`);
    expect(html).toContain(buyer.language === 'de' ? 'Einzelpreis' : 'Prix unitaire');
    expect(oneSpaced(html)).toContain(buyer.language === 'de' ? '3.340,00 €' : '3 340,00 €');
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, buyer.language), 'quote e-mail').toEqual([]);

    // The approver's e-mail is in the quote's language too.
    const sent = await t.post(`/api/quotes/${quote.reference}/send-to-approver`, {
      email: `approver-${buyer.language}@example.com`,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const [approver] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, `approver-${buyer.language}@example.com`));
    expect(approver?.subject).toBe(
      buyer.language === 'de'
        ? `Angebot ${quote.quoteNumber} zur Freigabe`
        : `Devis ${quote.quoteNumber} pour approbation`,
    );
    expect(oneSpaced(approver?.textBody ?? '')).toContain(buyer.language === 'de' ? '4.766,90 €' : '4 766,90 €');
    expect(englishIn(`${approver?.subject}\n${approver?.textBody}`, buyer.language), 'approver e-mail').toEqual([]);
  });
});

describe('a repair order and a purchase order in the buyer’s language (issue 40 with issues 39 and 41)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it('a German repair order: its acknowledgement, confirmation and invoice for payment in full are in German, with the repair terms and no sale terms or English phrase', async () => {
    const { user, cookie, admin, quote } = await repairQuoteOfOwnInstrument(t);
    // The buyer picks German in the order flow (the repair quote itself was made in English).
    const placed = await t.post(
      '/api/orders',
      {
        quoteReference: quote?.quoteReference ?? '',
        billing: guestBilling(user.email),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
        language: 'de',
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: { id: string; orderNumber: string; kind: string; language: string } })
      .order;
    expect(order).toMatchObject({ kind: 'repair', language: 'de' });

    const acknowledgement = oneSpaced(
      pdfText((await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie })).rawPayload),
    );
    expect(
      (await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    const mail = (kind: string) => mails.find((row) => row.kind === kind);
    const attached = (kind: string) => {
      const attachment = mail(kind)?.attachments?.[0];
      return oneSpaced(
        pdfText(Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64')),
      );
    };
    const confirmation = attached('order_confirmed');
    const invoice = attached('invoice_deposit');

    expect(acknowledgement).toContain('Rücksendung');
    expect(acknowledgement).toContain('Reparaturdauer: 10 Arbeitstage');
    expect(confirmation).toContain('Vollständige Zahlung von 240,00 £ fällig bis');
    // £200 net plus 20% VAT: the one invoice asks for the whole 240,00 £.
    // The invoice's line (its order number may wrap under it in the narrow column).
    expect(invoice).toMatch(new RegExp(`Vollständige Zahlung der Bestellung .*${order.orderNumber}`));
    expect(invoice).toContain('Zahlung: vollständig bei Annahme des Angebots');
    expect(invoice).toContain('Ihre Bestellnummer: nicht angegeben');
    expect(invoice).toContain(`Angebotsnummer: ${quote.quoteNumber}`);
    expect(oneSpaced(mail('invoice_deposit')?.textBody ?? '')).toContain(
      'über die vollständige Zahlung Ihrer Bestellung',
    );
    // A repair is service: its e-mails name the support mailbox.
    expect(mail('order_confirmed')?.textBody).toContain(exampleBusinessProfile.supportEmail);
    for (const text of [acknowledgement, confirmation, invoice]) {
      expect(text).not.toContain('Anzahlung (50 %)');
      expect(text).not.toContain('Produktionscharge:');
    }
    const texts = {
      acknowledgement,
      confirmation,
      invoice,
      // The order's e-mails (the service request's and the repair quote's came before the buyer chose German).
      ...Object.fromEntries(
        mails
          .filter((row) => row.kind.startsWith('order_') || row.kind.startsWith('invoice_'))
          .map((row) => [row.kind, `${row.subject}\n${row.textBody}`]),
      ),
    };
    expect(Object.keys(texts)).toEqual(
      expect.arrayContaining(['order_received', 'order_confirmed', 'invoice_deposit']),
    );
    for (const [name, text] of Object.entries(texts)) expect(englishIn(text, 'de'), name).toEqual([]);
  });

  it('a repair quote takes the language of the order its instrument came from: a German one’s PDF and e-mail read the repair terms in German, none of the sale’s deposit or batch sentences, no English phrase; the order from it stays German', async () => {
    const { user, cookie, request, quote } = await repairQuoteOfOwnInstrument(t, { instrumentOrderLanguage: 'de' });
    expect(quote?.language).toBe('de');

    const pdf = oneSpaced(pdfText((await t.get(`/api/quotes/${quote?.quoteReference}/pdf`, { cookie })).rawPayload));
    for (const text of [
      'ANGEBOT',
      'Dieser Kostenvoranschlag für die Reparatur gilt bis',
      'Zahlung: vollständig bei Annahme des Angebots. Es gibt keine Anzahlung und keine Produktionscharge.',
      'Reparaturdauer: 10 Arbeitstage ab Ihrer Annahme',
      'Die Reparatur umfasst die im Angebot genannten Arbeiten und Teile.',
      'ohne Gebühr vollständig erstattet',
      'verbindlich ist allein ihr englischer Wortlaut',
      '240,00 £',
    ])
      expect(pdf).toContain(text);
    // None of the sale's deposit, balance or batch sentences.
    expect(pdf).not.toContain('Anzahlung von');
    expect(pdf).not.toContain('Der Restbetrag wird in Rechnung gestellt');
    expect(pdf).not.toMatch(/Charge \d|Produktionscharge:/);
    expect(englishIn(pdf, 'de'), 'repair quote PDF').toEqual([]);

    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user.email), eq(mailOutbox.kind, 'service_repair_quote')));
    expect(mail?.subject).toBe(`Kostenvoranschlag ${quote.quoteNumber} für ${request.requestNumber}`);
    const body = oneSpaced(mail?.textBody ?? '');
    expect(body).toContain('240,00 £ inklusive MwSt.');
    expect(body).toContain('Mit der Annahme ist der volle Betrag zu zahlen; eine Anzahlung gibt es nicht.');
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, 'de'), 'repair quote e-mail').toEqual([]);

    // The order from it takes the quote's language.
    const placed = await t.post(
      '/api/orders',
      {
        quoteReference: quote?.quoteReference ?? '',
        billing: guestBilling(user.email),
        notes: '',
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as { order: { language: string } }).order.language).toBe('de');
  });

  it('a French order with a PO number from a quote: the PO acknowledgement, the invoice’s “Votre bon de commande” and quote number, the advance agreed in the quote and the pro-forma in French', async () => {
    const made = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR', batch: 'batch-2' },
      customerInfo: customer('po-lyon@example.com'),
      flowType: 'order',
      language: 'fr',
    });
    expect(made.statusCode, made.body).toBe(201);
    const { quote } = made.json() as { quote: QuoteResource };
    expect(quote.language).toBe('fr');
    const placed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: { ...billing('po-lyon@example.com', 'FR'), city: 'Lyon', poNumber: 'BC-2026-4711' },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: { id: string; orderNumber: string; language: string } }).order;
    expect(order.language).toBe('fr');

    const admin = await createAdminSession(t);
    const acknowledged = await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie: admin.cookie });
    // Issue 53: named in French, the accents dropped in the ASCII name.
    expect(acknowledged.headers['content-disposition']).toBe(
      `attachment; filename="Accuse-de-reception-de-commande-${order.orderNumber}.pdf"; filename*=UTF-8''Accus%C3%A9-de-r%C3%A9ception-de-commande-${order.orderNumber}.pdf`,
    );
    const acknowledgement = oneSpaced(pdfText(acknowledged.rawPayload));
    expect(acknowledgement).toContain('Votre bon de commande : BC-2026-4711');
    expect(acknowledgement).toContain(`Numéro de devis : ${quote.quoteNumber}`);
    expect(acknowledgement).toContain(
      `Nous accusons réception de votre bon de commande BC-2026-4711 relatif à notre devis ${quote.quoteNumber} : commande ${order.orderNumber}.`,
    );
    expect(acknowledgement).toContain('Date d’expédition estimée');

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
    const { invoice: deposit } = issued.json() as { invoice: { id: string } };
    const [stored] = await t.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, deposit.id));
    const invoice = oneSpaced(pdfText(stored?.pdf ?? Buffer.alloc(0)));
    expect(invoice).toContain('Votre bon de commande : BC-2026-4711');
    expect(invoice).toContain(`Numéro de devis : ${quote.quoteNumber}`);
    // The line's text wraps around its amounts in the narrow column.
    expect(invoice).toMatch(new RegExp(`Acompte convenu dans le devis [^A-Za-z]*${quote.quoteNumber} : 50 %`));
    expect(invoice).toContain(`Total de la commande ${order.orderNumber}`);
    // The net, VAT and gross columns' headings in French.
    expect(invoice).toContain('Article Qté Prix unitaire HT TVA TTC (HT)');

    const proForma = oneSpaced(
      pdfText((await t.get(`/api/admin/orders/${order.id}/pro-forma`, { cookie: admin.cookie })).rawPayload),
    );
    expect(proForma).toContain('FACTURE PRO FORMA');
    expect(proForma).toContain('Facture pro forma : ne vaut pas facture au sens de la TVA');
    expect(proForma).toContain('Votre bon de commande : BC-2026-4711');

    for (const [name, text] of Object.entries({ acknowledgement, invoice, proForma }))
      expect(englishIn(text, 'fr'), name).toEqual([]);
  });
});

describe('the supplier pack’s letter in the reader’s language (issue 40 with issue 39)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it('?language=de and fr draw the letter in German and French with no English phrase; none is English; another language is 400', async () => {
    const english = oneSpaced(pdfText((await t.get('/api/supplier-pack/pdf')).rawPayload));
    expect(english).toContain('SUPPLIER DETAILS');
    expect(english).toContain('Bank details for payments in EUR');
    for (const [language, date, says] of [
      [
        'de',
        '3. November 2026',
        ['LIEFERANTENDATEN', 'Bankverbindung für Zahlungen in EUR', 'Unterzeichnet für und im Namen von'],
      ],
      [
        'fr',
        '3 novembre 2026',
        ['INFORMATIONS FOURNISSEUR', 'Coordonnées bancaires pour les paiements en EUR', 'Signé pour le compte de'],
      ],
    ] as const) {
      const response = await t.get(`/api/supplier-pack/pdf?language=${language}`);
      expect(response.statusCode, response.body).toBe(200);
      const text = oneSpaced(pdfText(response.rawPayload));
      for (const words of says) expect(text).toContain(words);
      expect(text).toContain(date);
      expect(englishIn(text, language), language).toEqual([]);
    }
    expect((await t.get('/api/supplier-pack/pdf?language=es')).statusCode).toBe(400);
  });
});
