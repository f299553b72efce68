import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { englishIn } from '../../../tests/support/english-phrases';
import { createUser } from '../../../tests/support/factories';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { ServiceRequest } from '../../shared/service-requests/service-contracts';
import { instruments, mailOutbox, orders } from '../db/schema';

const start = new Date('2026-11-20T09:00:00.000Z');

/** Issue 40 (decision 0064): a service request's e-mails are in the language of its instrument's order. */
describe("service request e-mails in the order's language", () => {
  const t = useTestApp({ now: start });

  async function requestFor(language: 'en' | 'de' | 'fr') {
    const { user } = await createUser(t.db);
    const cookie = await signIn(t, user.email);
    const instrument = await createInstrument(t.db, { userId: user.id });
    await t.db.update(orders).set({ language }).where(eq(orders.id, instrument.orderId));
    const created = await t.post(
      '/api/service-requests',
      { serial: instrument.serialNumber, description: 'Die Pumpe bleibt nach einer Minute stehen.' },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    const number = (created.json() as { request: ServiceRequest }).request.requestNumber;
    return { user, cookie, instrument, number };
  }

  const mailsTo = (email: string, kind: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, kind)))
      .orderBy(asc(mailOutbox.createdAt));

  it('a German order: the acknowledgement and the return authorisation are German, with no English catalogue phrase; staff text and the model stay as written', async () => {
    const { user, instrument, number } = await requestFor('de');
    const [ack] = await mailsTo(user.email, 'service_acknowledgement');
    expect(ack?.subject).toBe(`Ihre Serviceanfrage ${number} ist bei uns eingegangen`);
    expect(ack?.textBody).toContain(
      `Ihre Serviceanfrage ${number} zu Ihrem Gerät Dropwise Pro, Seriennummer ${instrument.serialNumber}, ist bei uns eingegangen.`,
    );
    expect(ack?.textBody).toContain('Wie es weitergeht:');
    expect(ack?.textBody).toContain('Von der Garantie gedeckt, vorbehaltlich der Prüfung (AGB §11)');
    expect(ack?.textBody).toMatch(/^Ihre Anfrage: http/m);
    expect(englishIn(`${ack?.subject}\n${ack?.textBody}`, 'de')).toEqual([]);

    const admin = await createAdminSession(t);
    const list = await t.get(`/api/admin/service?search=${number}`, { cookie: admin.cookie });
    const id = (list.json() as { items: { id: string }[] }).items[0]?.id ?? '';
    const moved = await t.post(
      `/api/admin/service/${id}/moves`,
      { to: 'authorised', returnInstructions: 'Bitte im Originalkarton verpacken.' },
      { cookie: admin.cookie },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [authorised] = await mailsTo(user.email, 'service_authorised');
    expect(authorised?.subject).toMatch(new RegExp(`^Rücksendung genehmigt: RMA \\S+ für ${number}$`));
    expect(authorised?.textBody).toContain(
      `Wir haben die Rücksendung Ihres Geräts Dropwise Pro, Seriennummer ${instrument.serialNumber}, genehmigt (Serviceanfrage ${number}).`,
    );
    expect(authorised?.textBody).toContain('Hinweise zur Rücksendung:\n> Bitte im Originalkarton verpacken.');
    expect(englishIn(`${authorised?.subject}\n${authorised?.textBody}`, 'de')).toEqual([]);
  });

  it('a French order out of warranty: the acknowledgement is French and says a repair quote comes first; an English order is unchanged', async () => {
    const { user, number, instrument } = await requestFor('fr');
    await t.db.update(instruments).set({ warrantyEndsOn: '2026-10-01' }).where(eq(instruments.id, instrument.id));
    // The request above was opened under warranty; open a second one, now out of warranty.
    const cookie = await signIn(t, user.email);
    const second = await t.post(
      '/api/service-requests',
      { serial: instrument.serialNumber, description: 'Fuite au raccord.' },
      { cookie, remoteAddress: '10.0.0.9' },
    );
    expect(second.statusCode, second.body).toBe(201);
    const secondNumber = (second.json() as { request: ServiceRequest }).request.requestNumber;
    const acks = await mailsTo(user.email, 'service_acknowledgement');
    expect(acks.map((mail) => mail.subject)).toEqual([
      `Nous avons bien reçu votre demande de service ${number}`,
      `Nous avons bien reçu votre demande de service ${secondNumber}`,
    ]);
    expect(acks[1]?.textBody).toContain(
      'Hors garantie\u202f: nous vous enverrons un devis de réparation avant tout travail payant.',
    );
    expect(englishIn(`${acks[1]?.subject}\n${acks[1]?.textBody}`, 'fr')).toEqual([]);

    const english = await requestFor('en');
    const [englishAck] = await mailsTo(english.user.email, 'service_acknowledgement');
    expect(englishAck?.subject).toBe(`We have your service request ${english.number}`);
    expect(englishAck?.textBody).toContain('Covered by warranty, subject to inspection (terms §11)');
  });
});
