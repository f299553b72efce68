import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { realDetails } from '../../../tests/support/business-profile';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { emailFieldMessage } from '../../shared/email-address';
import { defaultSystemSettings } from '../../shared/settings';
import { auditLog } from '../db/schema';

describe('Admin Email in System Settings is the business profile’s alert address (issue 54, decision 0054)', () => {
  const t = useTestApp();

  it('System Settings shows Admin Email as the profile’s alert address, and saving it there changes the profile’s', async () => {
    const owner = await createAdminSession(t);
    const shown = await t.get('/api/admin/settings', { cookie: owner.cookie });
    expect(shown.json().adminEmail).toBe(exampleBusinessProfile.mail.alertEmail);

    const saved = await t.put(
      '/api/admin/settings',
      { ...defaultSystemSettings, adminEmail: 'alerts@fjordlight.no' },
      { cookie: owner.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().adminEmail).toBe('alerts@fjordlight.no');
    const profile = await t.get('/api/admin/business-profile', { cookie: owner.cookie });
    expect(profile.json().profile.mail.alertEmail).toBe('alerts@fjordlight.no');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entry).toMatchObject({
      before: { adminEmail: exampleBusinessProfile.mail.alertEmail },
      after: { adminEmail: 'alerts@fjordlight.no' },
    });
  });

  it('the alert address saved on the business profile is the Admin Email System Settings shows', async () => {
    const owner = await createAdminSession(t);
    const mail = { ...exampleBusinessProfile.mail, alertEmail: 'orders@fjordlight.no' };
    const saved = await t.put('/api/admin/business-profile', { ...realDetails, mail }, { cookie: owner.cookie });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.get('/api/admin/settings', { cookie: owner.cookie })).json().adminEmail).toBe(
      'orders@fjordlight.no',
    );
  });

  it('an Admin Email that is not an address is refused beside its field, and nothing is saved', async () => {
    const owner = await createAdminSession(t);
    const current = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().adminEmail as string;
    const refused = await t.put(
      '/api/admin/settings',
      { ...defaultSystemSettings, siteName: 'Changed', adminEmail: 'not an address' },
      { cookie: owner.cookie },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({ adminEmail: emailFieldMessage });
    const shown = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json();
    expect(shown.adminEmail).toBe(current);
    expect(shown.settings.siteName).toBe(defaultSystemSettings.siteName);
  });

  it('a save without Admin Email keeps the alert address', async () => {
    const owner = await createAdminSession(t);
    const current = (await t.get('/api/admin/settings', { cookie: owner.cookie })).json().adminEmail as string;
    const saved = await t.put(
      '/api/admin/settings',
      { ...defaultSystemSettings, siteName: 'Kept' },
      { cookie: owner.cookie },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().adminEmail).toBe(current);
  });
});
