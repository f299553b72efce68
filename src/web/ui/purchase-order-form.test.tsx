// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { poDocumentMessages } from '../../shared/orders/po-document';
import type { AttachPoRequest } from '../../shared/orders/po-document';
import { ApiError } from '../lib/api-client';
import { PurchaseOrderForm } from './purchase-order-form';

describe('the purchase order on the order page (issue 39)', () => {
  afterEach(cleanup);

  it('sends the chosen file with the PO number typed, and shows the server’s refusal of a file that is not a PDF', async () => {
    const sent: AttachPoRequest[] = [];
    const upload = async (body: AttachPoRequest) => {
      sent.push(body);
      throw new ApiError(400, 'po_not_pdf', poDocumentMessages.notPdf, { file: poDocumentMessages.notPdf });
    };
    const user = userEvent.setup();
    render(<PurchaseOrderForm poNumber={null} document={null} upload={upload} who="customer" />);
    expect(screen.getByText('No purchase order document attached.')).toBeTruthy();
    await user.type(screen.getByLabelText('Purchase order (PO) number'), 'PO-123');
    const file = new File(['GIF89a not a pdf'], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Purchase order (PDF, up to 10 MB)'), file);
    await user.click(screen.getByRole('button', { name: 'Attach your purchase order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(poDocumentMessages.notPdf);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.filename).toBe('scan.pdf');
    expect(sent[0]?.poNumber).toBe('PO-123');
    expect(Buffer.from(sent[0]?.dataBase64 ?? '', 'base64').toString()).toBe('GIF89a not a pdf');
  });

  it('links the attached PO for download and says when staff attached it', () => {
    render(
      <PurchaseOrderForm
        poNumber="UNI-PO-889"
        document={{
          filename: 'UNI-PO-889.pdf',
          size: 1200,
          source: 'staff',
          uploadedAt: '2026-12-01T09:00:00.000Z',
          url: '/api/orders/abc/po',
        }}
        upload={async () => undefined}
        who="staff"
      />,
    );
    const link = screen.getByRole('link', { name: 'Download purchase order UNI-PO-889.pdf' });
    expect(link.getAttribute('href')).toBe('/api/orders/abc/po');
    expect(screen.getByTestId('purchase-order').textContent).toContain('attached 1 December 2026 by staff');
    expect(screen.getByLabelText('Replace the purchase order (PDF, up to 10 MB)')).toBeTruthy();
  });
});
