import { describe, expect, it } from 'vitest';
import { typeAheadIndex } from './country-select';

const names = ['Austria', 'Belgium', 'Bulgaria', 'Germany', 'Greece', 'United Kingdom', 'United States'];

describe('country type-ahead', () => {
  it('jumps to the first country with the typed letters', () => {
    expect(typeAheadIndex(names, 'g', 0)).toBe(3);
    expect(typeAheadIndex(names, 'gr', 3)).toBe(4);
    expect(typeAheadIndex(names, 'united s', 0)).toBe(6);
  });
  it('cycles through the countries of one initial on repeated letters', () => {
    expect(typeAheadIndex(names, 'b', 1)).toBe(2);
    expect(typeAheadIndex(names, 'bb', 2)).toBe(1);
  });
  it('stays put when nothing matches', () => {
    expect(typeAheadIndex(names, 'z', 0)).toBe(-1);
  });
});
