import { MINI_LEAGUE_TEXTS, miniLeagueCreateSchema, miniLeagueJoinSchema } from '@munegu/shared';

/*
 * The mini-league forms' rules and success messages, from the shared schemas' module. Imported
 * on submit only: that module brings zod, which /jeu_prono's first load (rankings, past
 * matches) has no use for.
 */
export const LEAGUE_FORMS = {
  create: {
    validate: (name: string) => miniLeagueCreateSchema.safeParse({ name }),
    success: MINI_LEAGUE_TEXTS.created,
  },
  join: {
    validate: (code: string) => miniLeagueJoinSchema.safeParse({ code }),
    success: MINI_LEAGUE_TEXTS.joined,
  },
};
