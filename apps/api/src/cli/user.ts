// Operator commands, run from the shell with DATABASE_URL set:
//   pnpm user create --email a@b.fr --pseudo Admin --role ADMIN [--password X]
//        [--prenom P] [--nom N] [--birth-date YYYY-MM-DD] [--departement 06]
//   pnpm user role --email a@b.fr --role MODERATEUR
// The logic lives in user-commands.ts; this file only parses argv and prints.
import { parseArgs } from 'node:util';
import { createDb } from '../db/client.js';
import {
  PLACEHOLDERS,
  ROLE_VALUES,
  UserCommandError,
  changeRole,
  createUser,
} from './user-commands.js';

const USAGE = `Usage :
  pnpm user create --email <email> --pseudo <pseudo> --role <rôle> [--password <mdp>]
                   [--prenom <prénom>] [--nom <nom>] [--birth-date AAAA-MM-JJ] [--departement 06]
      Crée un compte ACTIF. Sans --password, un mot de passe fort est généré et affiché une fois.
      Sans --prenom/--nom/--birth-date/--departement : « ${PLACEHOLDERS.prenom} », « ${PLACEHOLDERS.nom} »,
      ${PLACEHOLDERS.birthDate}, ${PLACEHOLDERS.departement}. La personne peut changer pseudo, e-mail et
      département dans Paramètres ; prénom, nom et date de naissance n'y sont pas modifiables.
  pnpm user role --email <email> --role <rôle>
      Change le rôle d'un compte.
Rôles : ${ROLE_VALUES.join(', ')}. DATABASE_URL doit être défini.`;

function fail(message: string, code = 2): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(code);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    if (!command) process.exit(2);
    return;
  }
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      options: {
        email: { type: 'string' },
        pseudo: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        prenom: { type: 'string' },
        nom: { type: 'string' },
        'birth-date': { type: 'string' },
        departement: { type: 'string' },
      },
    }) as { values: Record<string, string | undefined> });
  } catch (err) {
    fail((err as Error).message);
  }
  const need = (name: string): string => values[name] ?? fail(`Option manquante : --${name}`);
  if (command !== 'create' && command !== 'role') fail(`Commande inconnue : ${command}`);
  const email = need('email');
  const role = need('role');
  const pseudo = command === 'create' ? need('pseudo') : undefined;

  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) fail('DATABASE_URL doit être défini.', 1);
  const db = createDb({ connectionString, max: 1 });
  try {
    if (command === 'create') {
      const result = await createUser(db, {
        email,
        pseudo: pseudo!,
        role,
        password: values.password,
        prenom: values.prenom,
        nom: values.nom,
        birthDate: values['birth-date'],
        departement: values.departement,
      });
      console.log(
        `Compte créé : #${result.id} ${result.pseudo} <${result.email}> (${result.role}, actif).`,
      );
      if (result.generatedPassword) {
        console.log(`Mot de passe généré (affiché une seule fois) : ${result.generatedPassword}`);
      }
    } else {
      const result = await changeRole(db, { email, role });
      console.log(
        result.from === result.to
          ? `${result.email} a déjà le rôle ${result.to} : rien à changer.`
          : `${result.email} : ${result.from} → ${result.to}.`,
      );
    }
  } catch (err) {
    if (err instanceof UserCommandError) {
      console.error(err.message);
      process.exitCode = 1;
    } else {
      throw err;
    }
  } finally {
    await db.$disconnect();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
