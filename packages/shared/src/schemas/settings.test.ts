import { describe, expect, it } from 'vitest';
import {
  AUTH_TEXTS,
  birthDateInputSchema,
  passwordResetRequestSchema,
  resetPasswordFormSchema,
} from './auth.js';
import {
  emailChangeSchema,
  parametresSchema,
  passwordChangeFormSchema,
  SETTINGS_TEXTS,
} from './settings.js';

const firstMessage = (r: { error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('account schemas', () => {
  it('reads a birth date typed DD/MM/YYYY or sent ISO', () => {
    expect(birthDateInputSchema.parse('14/07/1990')).toBe('1990-07-14');
    expect(birthDateInputSchema.parse('1990-07-14')).toBe('1990-07-14');
    expect(firstMessage(birthDateInputSchema.safeParse('31/02/1990'))).toBe('Date invalide');
    expect(
      passwordResetRequestSchema.parse({ email: 'A.B@Example.fr', birthDate: '01/01/2000' }),
    ).toEqual({ email: 'a.b@example.fr', birthDate: '2000-01-01' });
  });

  it('checks the reset form: length message first, then strength, then confirmation', () => {
    const parse = (newPassword: string, confirm = newPassword) =>
      firstMessage(resetPasswordFormSchema.safeParse({ newPassword, confirm }));
    expect(parse('Ab1!')).toBe('Le mot de passe doit contenir au moins 8 caractères.');
    expect(parse('abcdefgh')).toMatch(/^Doit contenir/);
    expect(parse('Monaco1922!', 'Monaco1922?')).toBe('Les mots de passe ne correspondent pas');
    expect(parse('Monaco1922!')).toBeUndefined();
  });
});

describe('settings schemas', () => {
  it('takes exactly one field in parametres', () => {
    expect(parametresSchema.safeParse({ username: 'Rouge_1' }).success).toBe(true);
    expect(parametresSchema.parse({ departement: 'FR-06' })).toEqual({ departement: '06' });
    expect(firstMessage(parametresSchema.safeParse({ username: 'ab' }))).toBe(
      SETTINGS_TEXTS.pseudo,
    );
    // The rules of registration: a letter, and not the mark of a deleted account.
    expect(firstMessage(parametresSchema.safeParse({ username: '1234' }))).toBe(AUTH_TEXTS.pseudo);
    expect(firstMessage(parametresSchema.safeParse({ username: 'compte_supprime' }))).toBe(
      AUTH_TEXTS.pseudoReserved,
    );
    expect(parametresSchema.safeParse({ username: 'Rouge_1', departement: '06' }).success).toBe(
      false,
    );
    expect(parametresSchema.safeParse({}).success).toBe(false);
  });

  it('asks for the password (more than 5 characters) to change the e-mail', () => {
    expect(firstMessage(emailChangeSchema.safeParse({ email: 'x', password: 'Secret1!' }))).toBe(
      'Adresse email invalide',
    );
    expect(firstMessage(emailChangeSchema.safeParse({ email: 'a@b.fr', password: '12345' }))).toBe(
      'Veuillez saisir votre mot de passe pour confirmer',
    );
  });

  it('changes the e-mail only to an address the login form accepts', () => {
    const change = (email: string) => emailChangeSchema.safeParse({ email, password: 'Secret1!' });
    expect(firstMessage(change('prenom.nom+asm@gmail.com'))).toBe(AUTH_TEXTS.emailChars);
    expect(firstMessage(change(`${'a'.repeat(36)}@b.fr`))).toBe(AUTH_TEXTS.emailTooLong);
    expect(change('Prenom.Nom@Gmail.com').data?.email).toBe('prenom.nom@gmail.com');
  });

  it('checks the change-password form', () => {
    const base = { oldPassword: 'Ancien1!', newPassword: 'Monaco1922!', confirm: 'Monaco1922!' };
    expect(passwordChangeFormSchema.safeParse(base).success).toBe(true);
    expect(firstMessage(passwordChangeFormSchema.safeParse({ ...base, confirm: 'x' }))).toBe(
      'Les mots de passe ne correspondent pas',
    );
    expect(
      firstMessage(
        passwordChangeFormSchema.safeParse({ ...base, newPassword: 'faible', confirm: 'faible' }),
      ),
    ).toBe(
      'Doit contenir : 8 caractères min, majuscule, minuscule, chiffre, et un caractère spécial : ! @ # $ % & ? .',
    );
  });
});
