import { describe, expect, it } from 'vitest';
import { BAD_TEXT_MESSAGE, findUncleanText, isCleanText, multilineText, text } from './text.js';

describe('clean text', () => {
  it('refuses NUL, control characters and lone surrogates, with one French message', () => {
    for (const bad of ['a\u0000b', 'a\u0007b', 'a\u007fb', '\ud800', 'x\udc00y', 'a\nb', 'a\tb']) {
      const result = text().safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(BAD_TEXT_MESSAGE);
    }
  });

  it('keeps accents, emoji and, in free text, tabs and line breaks', () => {
    expect(text().parse('Éléonore 😀 Monégasque')).toBe('Éléonore 😀 Monégasque');
    expect(multilineText().parse('Bonjour\n\tà tous\r\n')).toBe('Bonjour\n\tà tous\r\n');
    expect(multilineText().safeParse('a\u0000b').success).toBe(false);
    expect(isCleanText('😀')).toBe(true);
  });

  it('finds the path of the first unclean string anywhere in an input', () => {
    expect(findUncleanText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', 0, 'c']);
    expect(findUncleanText({ a: 'ligne\nsuivante', n: 3 })).toBeNull();
    expect(findUncleanText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
  });
});
