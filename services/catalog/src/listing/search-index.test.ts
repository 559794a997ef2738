import { describe, expect, it } from 'vitest';
import { SearchIndex, type SearchText, searchWords } from './search-index.ts';

const text = (title: string, more: Partial<SearchText> = {}): SearchText => ({
  title,
  tutor: 'someone',
  category: 'Development',
  desc: '',
  ...more,
});

const all = (index: SearchIndex, query: string) => index.search(query, 0, 1_000).ids;

describe('search index', () => {
  it('needs every word, ranks title over tutor over category over description, then newest', () => {
    const index = new SearchIndex();
    index.put('desc', text('Baking bread', { desc: 'Rust for bakers' }), 5);
    index.put('category', text('Bread at home', { category: 'Rust' }), 4);
    index.put('tutor', text('Sourdough', { tutor: 'rust' }), 3);
    index.put('title-old', text('Rust basics'), 1);
    index.put('title-new', text('Rust in depth'), 2);
    expect(all(index, 'rust')).toEqual(['title-new', 'title-old', 'tutor', 'category', 'desc']);
    expect(all(index, 'rust bread')).toEqual(['category', 'desc']);
    expect(all(index, 'rust cobol')).toEqual([]);
  });

  it('ranks the word itself above a word it begins, and that above a typo', () => {
    const index = new SearchIndex();
    index.put('typo', text('Pythin notes'), 3);
    index.put('prefix', text('Pythonic code'), 2);
    index.put('exact', text('Python'), 1);
    expect(all(index, 'python')).toEqual(['exact', 'prefix', 'typo']);
    // Short words are matched whole: "go" is not the start of "google".
    index.put('google', text('Google sheets'), 4);
    index.put('go', text('Go services'), 5);
    expect(all(index, 'go')).toEqual(['go']);
  });

  it('pages without overlap and counts every match', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 250; i += 1) index.put(`c${i}`, text(`Guitar lesson ${i}`), i % 7);
    const seen: string[] = [];
    for (let offset = 0; offset < 250; offset += 24) {
      const page = index.search('guitar', offset, 24);
      expect(page.total).toBe(250);
      seen.push(...page.ids);
    }
    expect(new Set(seen).size).toBe(250);
    expect(seen).toEqual(all(index, 'guitar'));
  });

  it('keeps an unchanged text, replaces a changed one and forgets a removed one', () => {
    const index = new SearchIndex();
    index.put('a', text('Piano for beginners'), 1);
    index.put('a', text('Piano for beginners'), 1);
    expect(all(index, 'piano')).toEqual(['a']);
    index.put('a', text('Violin for beginners'), 1);
    expect(all(index, 'piano')).toEqual([]);
    expect(all(index, 'violin')).toEqual(['a']);
    index.remove('a');
    expect(all(index, 'violin')).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('stays exact after enough removals to purge and reuse places', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 3_000; i += 1) index.put(`old${i}`, text(`Drawing ${i}`), i);
    for (let i = 0; i < 3_000; i += 2) index.remove(`old${i}`);
    for (let i = 0; i < 2_000; i += 1) index.put(`new${i}`, text(`Painting ${i}`), 10_000 + i);
    expect(index.search('drawing', 0, 10).total).toBe(1_500);
    expect(index.search('painting', 0, 10).total).toBe(2_000);
    expect(all(index, '2')).toEqual(['new2']);
    expect(all(index, '3')).toEqual(['new3', 'old3']);
    expect(all(index, '2999')).toEqual(['old2999']);
    expect(all(index, '2998')).toEqual([]);
    expect(index.size).toBe(3_500);
  });

  it('treats pattern characters as text and folds accents and case', () => {
    const index = new SearchIndex();
    index.put('cpp', text('C++ from zero'), 1);
    index.put('cs', text('C# essentials'), 2);
    index.put('cafe', text('Café Résumé writing'), 3);
    expect(all(index, 'C++')).toEqual(['cpp']);
    expect(all(index, 'c#')).toEqual(['cs']);
    expect(all(index, '.*')).toEqual([]);
    expect(all(index, '(((')).toEqual([]);
    expect(all(index, 'CAFE resume')).toEqual(['cafe']);
    expect(searchWords('The Art of the Résumé')).toEqual(['art', 'resume']);
  });
});
