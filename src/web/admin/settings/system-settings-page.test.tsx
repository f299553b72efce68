// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { passkeyRefusals } from '../../../shared/accounts/passkey-contracts';
import { defaultSystemSettings, type SystemSettings } from '../../../shared/settings';
import { apiError, type FetchCall, mockFetch, renderRoutes, resetWebTest } from '../../../../tests/support/web-render';
import { SystemSettingsPage } from './system-settings-page';

const renderSettings = () =>
  renderRoutes([{ path: '/admin/system-settings', element: <SystemSettingsPage /> }], '/admin/system-settings');

/** Opens the page as an admin would and waits for the form; returns the admin's keyboard and mouse. */
async function openSettings() {
  const user = userEvent.setup();
  renderSettings();
  await screen.findByRole('form', { name: 'System settings' });
  return user;
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const retype = async (user: ReturnType<typeof userEvent.setup>, label: RegExp, text: string) => {
  await user.clear(field(label));
  await user.type(field(label), text);
};
const switchNamed = (name: string) => screen.getByRole('switch', { name });

/** The settings the server holds: PUT stores what it accepts and answers with it, as the real route does. */
function settingsServer(refuse?: (body: SystemSettings) => Record<string, string> | null) {
  let stored: SystemSettings = { ...defaultSystemSettings, siteName: 'Dropwise Labs' };
  const calls = mockFetch({
    'GET /api/admin/settings': () => ({ body: { settings: stored, adminEmail: 'orders@dropwise-labs.example' } }),
    'PUT /api/admin/settings': (call: FetchCall) => {
      const body = call.body as SystemSettings;
      const fields = refuse?.(body);
      if (fields) return apiError(400, 'validation_error', 'Invalid settings', fields);
      stored = body;
      return { body: { settings: stored, adminEmail: 'orders@dropwise-labs.example' } };
    },
  });
  return { calls, stored: () => stored };
}

describe('the System Settings form (component, happy-dom)', () => {
  afterEach(resetWebTest);

  it('shows the stored settings, sends numbers as numbers and the switches as set, and says it saved', async () => {
    const server = settingsServer();
    const user = await openSettings();
    expect(field(/^Site Name/).value).toBe('Dropwise Labs');
    expect(field(/^Tax Rate/).value).toBe('20');
    expect(switchNamed('Maintenance Mode').getAttribute('aria-checked')).toBe('false');

    await retype(user, /^Tax Rate/, '17.5');
    await user.click(switchNamed('Maintenance Mode'));
    expect(switchNamed('Maintenance Mode').getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect((await screen.findByRole('status')).textContent).toBe('System settings have been saved successfully!');
    const put = server.calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      taxRate: 17.5,
      maintenanceMode: true,
      autoQuoteExpiry: 7,
      siteName: 'Dropwise Labs',
    });
    expect(server.stored().taxRate).toBe(17.5);
    expect(field(/^Tax Rate/).value).toBe('17.5');
  });

  it('shows the server’s message beside the refused field and keeps what was typed', async () => {
    settingsServer((body) => (body.taxRate > 100 ? { taxRate: 'Tax rate must be between 0 and 100' } : null));
    const user = await openSettings();
    await retype(user, /^Tax Rate/, '150');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const taxRate = field(/^Tax Rate/);
    const label = taxRate.closest('label');
    if (!label) throw new Error('the Tax Rate field has no label');
    expect((await within(label).findByRole('alert')).textContent).toBe('Tax rate must be between 0 and 100');
    expect(taxRate.getAttribute('aria-invalid')).toBe('true');
    expect(taxRate.value).toBe('150');
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('Failed to save system settings');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('edits the payment reminder texts and shows the refusal of an unknown placeholder beside its field', async () => {
    const server = settingsServer((body) =>
      body.paymentReminderOverdueSubject.includes('{amount}')
        ? { paymentReminderOverdueSubject: 'Unknown placeholder {amount}. Use {firstName}, {orderNumber}.' }
        : null,
    );
    const user = await openSettings();
    const card = screen.getByRole('region', { name: 'Payment reminders' });
    expect(within(card).getByText(/\{invoiceNumber\}, \{amountDue\}, \{dueDate\}, \{daysOverdue\}/)).toBeTruthy();
    const overdueSubject = field(/^Reminder subject \(overdue\)/);
    expect(overdueSubject.value).toBe(defaultSystemSettings.paymentReminderOverdueSubject);
    expect((field(/^Reminder text \(overdue\)/) as unknown as HTMLTextAreaElement).value).toBe(
      defaultSystemSettings.paymentReminderOverdueBody,
    );

    await user.clear(overdueSubject);
    // userEvent reads "{" as a key name: "{{" types one brace.
    await user.type(overdueSubject, 'Please pay {{amount}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const label = overdueSubject.closest('label');
    if (!label) throw new Error('the subject field has no label');
    expect((await within(label).findByRole('alert')).textContent).toBe(
      'Unknown placeholder {amount}. Use {firstName}, {orderNumber}.',
    );

    await user.clear(overdueSubject);
    await user.type(overdueSubject, 'Please pay {{amountDue}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('System settings have been saved successfully!');
    expect(server.stored().paymentReminderOverdueSubject).toBe('Please pay {amountDue}');
  });

  it('a changed reminder text asks for a fresh code, then saves; while passkeys are required it asks for the passkey (issue 48, F1)', async () => {
    let needs: 'step_up_required' | 'passkey_step_up_required' | null = 'step_up_required';
    let stored: SystemSettings = { ...defaultSystemSettings };
    const calls = mockFetch({
      'GET /api/admin/settings': () => ({ body: { settings: stored, adminEmail: 'orders@dropwise-labs.example' } }),
      'PUT /api/admin/settings': (call: FetchCall) => {
        if (needs === 'step_up_required')
          return apiError(403, needs, 'Confirm with a fresh code from your authenticator.');
        if (needs === 'passkey_step_up_required') return apiError(403, needs, passkeyRefusals.passkeyStepUpRequired);
        stored = call.body as SystemSettings;
        return { body: { settings: stored, adminEmail: 'orders@dropwise-labs.example' } };
      },
      'POST /api/admin/step-up': () => {
        needs = null;
        return { body: { steppedUpUntil: new Date(Date.now() + 300_000).toISOString() } };
      },
    });
    const user = await openSettings();
    await retype(user, /^Reminder subject \(overdue\)/, 'Overdue: {{invoiceNumber}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const codeDialog = await screen.findByRole('dialog', { name: 'Confirm with your authenticator' });
    await user.type(within(codeDialog).getByRole('textbox'), '123456');
    await user.click(within(codeDialog).getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('status')).textContent).toBe('System settings have been saved successfully!');
    expect(stored.paymentReminderOverdueSubject).toBe('Overdue: {invoiceNumber}');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2);

    // With "Require passkeys for payments" on, the server asks for a passkey: the dialog asks for one, no code.
    needs = 'passkey_step_up_required';
    await retype(user, /^Reminder subject \(overdue\)/, 'Overdue: {{orderNumber}');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const passkeyDialog = await screen.findByRole('dialog', { name: 'Confirm with your passkey' });
    expect(within(passkeyDialog).queryByRole('textbox')).toBeNull();
    await user.click(within(passkeyDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stored.paymentReminderOverdueSubject).toBe('Overdue: {invoiceNumber}');
    expect(field(/^Reminder subject \(overdue\)/).value).toBe('Overdue: {orderNumber}');
  });

  it('edits the single-supplier reasons in German and French, one a line; an empty language says its statement lists the English ones (issue 53)', async () => {
    const server = settingsServer();
    const user = await openSettings();
    const german = field(/^Single-supplier reasons \(Deutsch\)/);
    expect(german.value).toBe(defaultSystemSettings.singleSupplierReasonsDe.join('\n'));
    expect(screen.queryByText(/a French quote’s statement lists the English ones/)).toBeNull();
    await user.clear(field(/^Single-supplier reasons \(Français\)/));
    expect(screen.getByText('No French reasons: a French quote’s statement lists the English ones.')).toBeTruthy();
    await user.clear(german);
    await user.type(german, 'Nur dieses Gerät passt.{Enter}{Enter}Nur wir warten es.');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByRole('status');
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      singleSupplierReasonsDe: ['Nur dieses Gerät passt.', 'Nur wir warten es.'],
      singleSupplierReasonsFr: [],
    });
  });

  it('Reset discards an unsaved edit and shows the stored value again', async () => {
    const server = settingsServer();
    const user = await openSettings();
    await retype(user, /^Site Name/, 'Something else');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(field(/^Site Name/).value).toBe('Dropwise Labs'));
    expect(server.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says when the settings cannot be loaded', async () => {
    mockFetch({ 'GET /api/admin/settings': apiError(500, 'internal_error', 'Internal Server Error') });
    renderSettings();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Failed to load system settings',
    );
    expect(screen.queryByRole('form', { name: 'System settings' })).toBeNull();
  });
});
