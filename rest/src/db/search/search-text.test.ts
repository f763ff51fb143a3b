import { describe, expect, it } from 'vitest';
import {
  excerptParts,
  highlightedParts,
  searchWordsOf,
  similarity,
  stemOf,
  stemsOf,
  trigramsOf,
  vocabularyOf,
} from './search-text.js';

describe('how the search reads text', () => {
  it.each([
    ['thermometers', 'thermomet'],
    ['Thermometer', 'thermomet'],
    ['dressings', 'dress'],
    ['bandages', 'bandag'],
    ['10ml', '10ml'],
  ])('brings %s to the stem %s', (word, stem) => {
    expect(stemOf(word.toLowerCase())).toBe(stem);
  });

  it('keeps each stem of a text once, folded: any case, accents dropped, digits as they are', () => {
    expect(stemsOf('Écharpe sling, 2 SLINGS — café-crème 10ml')).toBe('echarp sling 2 cafe creme 10ml');
  });

  it('keeps no word longer than 64 characters: nobody searches for one, and PostgreSQL could not index it', () => {
    expect(stemsOf(`${'x'.repeat(65)} gauze ${'9'.repeat(64)}`)).toBe(`gauz ${'9'.repeat(64)}`);
    expect(vocabularyOf('z'.repeat(65))).toEqual([]);
  });

  it('keeps as vocabulary the words of three or more English letters only', () => {
    expect(vocabularyOf('An X-ray kit: 10ml gauze, GAUZE and café')).toEqual(['ray', 'kit', 'gauze', 'and', 'cafe']);
  });

  it('leaves common words out of a search, unless they are all of it, and looks for each stem once', () => {
    expect(searchWordsOf('Gauze for the wounds, gauzes')).toEqual([
      { typed: 'gauze', stem: 'gauz' },
      { typed: 'wounds', stem: 'wound' },
    ]);
    expect(searchWordsOf('for the')).toEqual([
      { typed: 'for', stem: 'for' },
      { typed: 'the', stem: 'the' },
    ]);
    expect(searchWordsOf('!!! --')).toEqual([]);
  });

  it('makes trigrams and their similarity as pg_trgm does', () => {
    expect(trigramsOf('cat')).toEqual(['  c', ' ca', 'cat', 'at ']);
    // pg_trgm: similarity('thermometer', 'thermomter') = 9 shared of 14 distinct.
    expect(similarity('thermometer', 'thermomter')).toBeCloseTo(9 / 14, 10);
    expect(similarity('gauze', 'gauze')).toBe(1);
  });
});

describe('where the words are', () => {
  const found = new Set(['thermomet', 'oral']);

  it('marks each word found, as written, and joins what lies between', () => {
    expect(highlightedParts('Oral thermometers: THERMOMETER!', found)).toEqual([
      { text: 'Oral', match: true },
      { text: ' ', match: false },
      { text: 'thermometers', match: true },
      { text: ': ', match: false },
      { text: 'THERMOMETER', match: true },
      { text: '!', match: false },
    ]);
    expect(highlightedParts('Gauze pads', found)).toEqual([{ text: 'Gauze pads', match: false }]);
  });

  it('cuts a long text around the first word found, at words, and has none for a text without one', () => {
    const long = `${'Soft cotton wool for every day. '.repeat(3)}Reads an oral temperature quickly. ${'Keep dry. '.repeat(12)}`;
    const parts = excerptParts(long, found)!;
    expect(parts.map((part) => part.text).join('')).toBe(
      '…day. Soft cotton wool for every day. Reads an oral temperature quickly. Keep dry. Keep dry. Keep dry. Keep dry. Keep dry. Keep dry. Keep dry. Keep dry. Keep dry…',
    );
    expect(parts.filter((part) => part.match)).toEqual([{ text: 'oral', match: true }]);
    expect(excerptParts('Soft cotton wool.', found)).toBeUndefined();
  });
});
