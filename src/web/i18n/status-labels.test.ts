import { describe, expect, it } from 'vitest';
import { orderDocumentLabels } from '../../shared/documents/order-document-labels';
import { type LedgerLineKey, ledgerLineLabels } from '../../shared/orders/ledger-lines';
import type { OrderDocument } from '../../shared/orders/order-schema';
import { documentDownloadIn, documentLabelIn, ledgerLineLabelIn } from './status-labels';
import { pageText } from './use-t';

/** A German page whose catalogue has not arrived: each lookup shows the English the component passed in. */
const inline = { ...pageText('de'), t: (_id: string, english: string) => english };

describe('the order pages’ document labels and ledger line names (issue 40)', () => {
  it('English shows the shared names word for word, and the download links as before', () => {
    for (const kind of Object.keys(orderDocumentLabels) as OrderDocument['kind'][])
      expect(documentLabelIn(pageText('en'), kind)).toBe(orderDocumentLabels[kind]);
    for (const key of Object.keys(ledgerLineLabels) as LedgerLineKey[])
      expect(ledgerLineLabelIn(pageText('en'), key)).toBe(ledgerLineLabels[key]);
    expect(documentDownloadIn(pageText('en'), 'confirmation')).toBe('Download order confirmation PDF');
    expect(documentDownloadIn(pageText('en'), 'iq_oq_protocol')).toBe('Download IQ/OQ protocol PDF');
  });

  it('each translated one carries the shared English text (a changed shared name would be noticed)', () => {
    for (const kind of Object.keys(orderDocumentLabels) as OrderDocument['kind'][])
      expect(documentLabelIn(inline, kind)).toBe(orderDocumentLabels[kind]);
    for (const key of Object.keys(ledgerLineLabels) as LedgerLineKey[])
      expect(ledgerLineLabelIn(inline, key)).toBe(ledgerLineLabels[key]);
  });
});
