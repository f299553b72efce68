import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { pdfText } from '../../../tests/support/pdf-text';
import { authorisedReturnOfProInstrument } from '../../../tests/support/service-fixtures';
import { useTestApp } from '../../../tests/support/test-app';
import { repairReturnMarking } from '../../shared/customs';
import { seedCatalogue } from '../catalogue/seed-catalogue';

const start = new Date('2026-11-20T09:00:00.000Z');
describe('a service return from the EU (issue 37): the pro-forma for the instrument’s two border crossings', () => {
  const t = useTestApp({ now: start });

  /** An authorised return of a customer's Dropwise Pro, delivered to `country`. */
  async function authorisedReturn(country: string) {
    await seedCatalogue(t.db);
    return authorisedReturnOfProInstrument(t, {
      country,
      city: country === 'GB' ? 'Lancaster' : 'Heidelberg',
      currency: country === 'GB' ? 'GBP' : 'EUR',
      serialNumber: `DW-PF-${country}-0007`,
      request: { rmaNumber: `RMA-T-${country}-1`, returnInstructions: 'Pack it in its original carton.' },
    });
  }

  it('a German customer’s authorised return: the pro-forma holds the marking, serial number, commodity code, origin and value for customs', async () => {
    const { request, cookie } = await authorisedReturn('DE');
    const page = (await t.get(`/api/service-requests/${request.requestNumber}`, { cookie })).json();
    const url = page.request.proFormaUrl as string;
    expect(url).toBe(`/api/service-requests/${request.requestNumber}/pro-forma.pdf`);
    const response = await t.get(url, { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Pro-forma-RMA-T-DE-1.pdf"');
    const text = pdfText(response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('PRO-FORMA INVOICE');
    expect(flat).toContain(repairReturnMarking);
    expect(flat).toContain('Returned goods for repair, no commercial value, value for customs purposes only');
    expect(flat).toContain('RMA number: RMA-T-DE-1');
    expect(text).toMatch(/Dropwise Pro\s+DW-PF-DE-0007\s+8479 89 97\s+United\s+1\s+3\.00 kg\s+€4,040\.00/); // the seeded gross weight since issue 51 (1.5 kg net)
    expect(flat).toContain('From Germany to the United Kingdom, for repair under RMA RMA-T-DE-1.');
    expect(flat).toContain('From the United Kingdom back to Germany after repair');
    expect(flat).toContain('Zellkulturlabor GmbH');
    expect(flat).toContain('EORI number: GB000000000000');

    // Staff download the same paper beside the RMA document.
    const admin = await createAdminSession(t);
    const list = (await t.get(`/api/admin/service?search=${request.requestNumber}`, { cookie: admin.cookie })).json();
    const id = (list.items as { id: string }[])[0]?.id ?? '';
    const detail = (await t.get(`/api/admin/service/${id}`, { cookie: admin.cookie })).json();
    expect(detail.request.proFormaUrl).toBe(`/api/admin/service/${id}/pro-forma.pdf`);
    const staffCopy = await t.get(`/api/admin/service/${id}/pro-forma.pdf`, { cookie: admin.cookie });
    expect(staffCopy.statusCode).toBe(200);
    expect(pdfText(staffCopy.rawPayload).replace(/\s+/g, ' ')).toContain(repairReturnMarking);
    const sales = await createAdminSession(t, t.db, ['sales']);
    expect((await t.get(`/api/admin/service/${id}/pro-forma.pdf`, { cookie: sales.cookie })).statusCode).toBe(403);
  });

  it('a UK customer’s return crosses no border: no pro-forma', async () => {
    const { request, cookie } = await authorisedReturn('GB');
    const page = (await t.get(`/api/service-requests/${request.requestNumber}`, { cookie })).json();
    expect(page.request.rmaUrl).not.toBeNull();
    expect(page.request.proFormaUrl).toBeNull();
    expect((await t.get(`/api/service-requests/${request.requestNumber}/pro-forma.pdf`, { cookie })).statusCode).toBe(
      404,
    );
  });
});
