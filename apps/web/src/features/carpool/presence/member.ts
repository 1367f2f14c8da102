import { useMemo } from 'react';
import { z } from 'zod';
import { antennaRefSchema } from '@munegu/shared';
import { useAuth } from '../../../lib/auth';

/** Each field on its own: a profile without antennas still gives its department. */
const memberFields = z.object({
  departement: z.string().catch(''),
  antennes: z.array(antennaRefSchema).catch([]),
});

/**
 * What the presence form takes from the member's own profile (GET /users/me, already loaded
 * by the auth provider): the home department as the default departure, and their antennas
 * as the buses they may take.
 */
export function useMemberDefaults() {
  const { user } = useAuth();
  return useMemo(() => {
    const { departement, antennes } = memberFields.parse(user ?? {});
    return { loaded: user !== null, departement: departement.replace(/^FR-/i, ''), antennes };
  }, [user]);
}
