import { describe, expect, it } from 'vitest';
import { catalogues } from '../../shared/i18n/translator';
import { messages as de } from '../i18n/locales/de/messages';
import { messages as en } from '../i18n/locales/en/messages';
import { messages as fr } from '../i18n/locales/fr/messages';

/**
 * Issue 53: the customer signs the decontamination statement on the request page (the pages'
 * catalogue, `service.declarationStatement`); the declaration's PDF prints it from the documents'
 * catalogue (`doc.decontamination.statement`). In each language they are the same sentence.
 */
describe('the decontamination statement signed and printed', () => {
  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ] as const)('%s: the PDF prints the sentence the page has the customer sign', (language, page) => {
    expect(catalogues[language]['doc.decontamination.statement']).toEqual(page['service.declarationStatement']);
  });
});
