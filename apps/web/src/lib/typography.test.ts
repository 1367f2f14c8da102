import { describe, expect, it } from 'vitest';
import { keepPunctuationAttached } from './typography';

const NBSP = '\u00a0';

describe('keepPunctuationAttached', () => {
  it('binds the space an editor typed before ! ? : ; and inside « »', () => {
    expect(keepPunctuationAttached('Gagne le maillot de la saison !')).toBe(
      `Gagne le maillot de la saison${NBSP}!`,
    );
    expect(keepPunctuationAttached('« Allez Monaco » : qui ?')).toBe(
      `«${NBSP}Allez Monaco${NBSP}»${NBSP}: qui${NBSP}?`,
    );
  });

  it('adds no space where none was typed, and leaves other spaces breakable', () => {
    expect(keepPunctuationAttached('Concours!')).toBe('Concours!');
    expect(keepPunctuationAttached('Un deux trois')).toBe('Un deux trois');
  });
});
