import { describe, expect, it } from 'vitest';
import {
  AUTH_TEXTS,
  capitalizeName,
  isOldEnough,
  loginSchema,
  parseBirthDate,
  registrationSchema,
} from './auth.js';

const valid = {
  prenom: 'jean-pierre',
  nom: 'Dupont',
  username: 'Rouge_Blanc98',
  email: 'jp@example.fr',
  password: 'Monaco1922!',
  date_naissance: '14/07/1990',
  departement: 'FR-06',
  antennes: [1, 2],
  notif_mail_appli: true,
  notif_mail_promo: false,
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('loginSchema', () => {
  it('accepts a well-formed login', () => {
    expect(loginSchema.safeParse({ email: 'a.b@c.fr', password: 'Abc123!?' }).success).toBe(true);
  });
  it('says which email characters are allowed', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'a+b@c.fr', password: 'x' }))).toBe(
      AUTH_TEXTS.emailChars,
    );
    expect(firstMessage(loginSchema.safeParse({ email: 'ab.fr', password: 'x' }))).toBe(
      "L'email doit contenir un @ et un .domaine",
    );
  });
  it('refuses password characters outside ! @ # $ % & ? .', () => {
    expect(firstMessage(loginSchema.safeParse({ email: 'a@b.fr', password: 'abc*' }))).toBe(
      'Caractères spéciaux interdits détectés. Seuls autorisés : ! @ # $ % & ? .',
    );
  });
  it('caps email at 40 and password at 30 characters', () => {
    const longEmail = `${'a'.repeat(36)}@b.fr`;
    expect(loginSchema.safeParse({ email: longEmail, password: 'x' }).success).toBe(false);
    expect(loginSchema.safeParse({ email: 'a@b.fr', password: 'A1!'.repeat(11) }).success).toBe(
      false,
    );
  });
});

describe('registrationSchema', () => {
  it('accepts a valid registration and strips FR- from the department', () => {
    const parsed = registrationSchema.parse(valid);
    expect(parsed.departement).toBe('06');
  });
  it.each([
    ['username', 'abc', AUTH_TEXTS.pseudo],
    ['username', '12345', AUTH_TEXTS.pseudo],
    ['username', 'ab cd', AUTH_TEXTS.pseudo],
    ['username', 'Supprime_42', AUTH_TEXTS.pseudoReserved],
    ['password', 'monaco1922!', AUTH_TEXTS.passwordRule],
    ['password', 'Monaco1922', AUTH_TEXTS.passwordRule],
    ['password', 'Monaco19*22', AUTH_TEXTS.passwordChars],
    ['prenom', 'Jean2', AUTH_TEXTS.prenom],
    ['nom', 'x'.repeat(26), AUTH_TEXTS.nom],
    ['date_naissance', '31/02/1990', AUTH_TEXTS.birthDate],
    ['date_naissance', '01/01/1890', AUTH_TEXTS.birthDate],
    ['departement', '20', AUTH_TEXTS.departement],
  ])('refuses %s = %j with its message', (field, value, message) => {
    expect(firstMessage(registrationSchema.safeParse({ ...valid, [field]: value }))).toBe(message);
  });
  it('refuses an address the login form would refuse: the account could never sign in', () => {
    expect(
      firstMessage(registrationSchema.safeParse({ ...valid, email: 'prenom.nom+asm@gmail.com' })),
    ).toBe(AUTH_TEXTS.emailChars);
    const long = `${'a'.repeat(36)}@b.fr`; // 41 characters
    expect(firstMessage(registrationSchema.safeParse({ ...valid, email: long }))).toBe(
      AUTH_TEXTS.emailTooLong,
    );
    const longest = `${'a'.repeat(35)}@b.fr`; // 40
    expect(registrationSchema.safeParse({ ...valid, email: longest }).success).toBe(true);
    expect(loginSchema.safeParse({ email: longest, password: 'x' }).success).toBe(true);
  });
  it('allows at most two antennas', () => {
    expect(firstMessage(registrationSchema.safeParse({ ...valid, antennes: [1, 2, 3] }))).toBe(
      AUTH_TEXTS.antennas,
    );
  });
  it('accepts Corsica, overseas departments and Monaco', () => {
    for (const code of ['2A', '2B', '971', '976', 'FR-974', 'MC', 'FR-MC', 'mc']) {
      expect(registrationSchema.safeParse({ ...valid, departement: code }).success, code).toBe(
        true,
      );
    }
  });
});

describe('birth dates and names', () => {
  it('parses real dates only', () => {
    expect(parseBirthDate('29/02/2000')).toBe('2000-02-29');
    expect(parseBirthDate('29/02/2001')).toBeNull();
  });
  it('requires seven years of age on the given day', () => {
    const today = new Date('2026-11-21T12:00:00Z');
    expect(isOldEnough('2019-11-21', today)).toBe(true);
    expect(isOldEnough('2019-11-22', today)).toBe(false);
  });
  it('capitalises compound first names', () => {
    expect(capitalizeName('jEAN-pierre')).toBe('Jean-Pierre');
    expect(capitalizeName('élodie')).toBe('Élodie');
  });
});
