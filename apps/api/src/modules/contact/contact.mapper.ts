// The contact form's wire names (the spec's French fields) as the stored message's fields.
import type { ContactRequest } from '@munegu/shared';

export const contactFields = (input: ContactRequest) => ({
  firstName: input.prenom,
  lastName: input.nom,
  email: input.email,
  subject: input.objet,
  message: input.message,
});
