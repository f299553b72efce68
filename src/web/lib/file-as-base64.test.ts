import { describe, expect, it } from 'vitest';
import { fileAsBase64 } from './file-as-base64';

describe('fileAsBase64', () => {
  it('gives the bytes of a file as base64 without a data: prefix, beyond one 32 KB slice', async () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 17 }, (_, index) => (index * 31) % 256);
    const encoded = await fileAsBase64(new Blob([bytes], { type: 'application/pdf' }));
    expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
    expect(await fileAsBase64(new Blob(['%PDF-1.4']))).toBe('JVBERi0xLjQ=');
  });
});
