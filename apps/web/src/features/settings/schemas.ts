import { z } from 'zod';
import {
  departementCodeSchema,
  emailChangeSchema,
  passwordChangeFormSchema,
  settingsPseudoSchema,
} from '@munegu/shared';

/** Settings forms (spec section 5, Settings): the API's own schemas, shaped per modal. */
export const pseudoFormSchema = z.object({ username: settingsPseudoSchema });
export const emailFormSchema = emailChangeSchema;
export const passwordFormSchema = passwordChangeFormSchema;
export const departementFormSchema = z.object({
  departement: z.string().min(1, 'Choisis un département.').pipe(departementCodeSchema),
});
