import { describe, expect, it } from 'vitest';
import {
  isDeletedPseudo,
  isValidProfileLink,
  updateProfileSchema,
  USER_TEXTS,
  userSearchQuerySchema,
} from './users.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('isValidProfileLink', () => {
  const ok = (url: string) => isValidProfileLink(url, 'instagram.com', 'munegu');
  it('accepts https links on the host or its www. form with a /{product}_ path', () => {
    expect(ok('https://instagram.com/munegu_nice')).toBe(true);
    expect(ok('https://www.instagram.com/munegu_paris/')).toBe(true);
    expect(ok('https://WWW.Instagram.com/Munegu_Lyon?hl=fr')).toBe(true);
  });
  it('refuses other schemes, hosts, ports, credentials and paths', () => {
    expect(ok('http://instagram.com/munegu_nice')).toBe(false);
    expect(ok('https://evil.com/munegu_nice')).toBe(false);
    expect(ok('https://instagram.com.evil.com/munegu_nice')).toBe(false);
    expect(ok('https://m.instagram.com/munegu_nice')).toBe(false);
    expect(ok('https://instagram.com:8443/munegu_nice')).toBe(false);
    expect(ok('https://user@instagram.com/munegu_nice')).toBe(false);
    expect(ok('https://instagram.com/munegu')).toBe(false);
    expect(ok('https://instagram.com/other_munegu_x')).toBe(false);
    expect(ok('javascript:alert(1)//instagram.com/munegu_x')).toBe(false);
    expect(ok('pas une url')).toBe(false);
  });
});

describe('updateProfileSchema', () => {
  it('accepts handles of 2 to 30 letters, digits, _ . - and empty strings to clear', () => {
    const r = updateProfileSchema.safeParse({
      x_username: 'asm.fc_1-9',
      insta_username: '',
      description: '  Supporter depuis 1990  ',
      antennes: [1, 2],
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ insta_username: '', description: 'Supporter depuis 1990' });
  });

  it.each([
    [{ x_username: 'a' }, USER_TEXTS.xInvalid],
    [{ x_username: 'x'.repeat(31) }, USER_TEXTS.xInvalid],
    [{ x_username: 'with space' }, USER_TEXTS.xInvalid],
    [{ insta_username: '@asm' }, USER_TEXTS.instaInvalid],
    [{ description: 'Salut <b>toi</b>' }, USER_TEXTS.descriptionForbidden],
    [{ description: 'voir javascript:alert(1)' }, USER_TEXTS.descriptionForbidden],
    [{ description: 'x'.repeat(501) }, USER_TEXTS.descriptionTooLong],
    [{ antennes: [1, 2, 3] }, USER_TEXTS.antennas],
  ])('rejects %o with its French message', (input, message) => {
    expect(firstMessage(updateProfileSchema.safeParse(input))).toBe(message);
  });
});

describe('userSearchQuerySchema', () => {
  it('needs at least 2 characters after trim', () => {
    expect(firstMessage(userSearchQuerySchema.safeParse({ q: ' a ' }))).toBe(
      USER_TEXTS.searchTooShort,
    );
    expect(userSearchQuerySchema.safeParse({ q: 'ab' }).success).toBe(true);
  });
});

it('recognises anonymised pseudos whatever the case', () => {
  expect(isDeletedPseudo('Supprime_42')).toBe(true);
  expect(isDeletedPseudo('utilisateur_supprime')).toBe(true);
  expect(isDeletedPseudo('Rouge_Blanc')).toBe(false);
});
