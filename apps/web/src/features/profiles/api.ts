import { useQuery } from '@tanstack/react-query';
import { ApiError, unwrap } from '../../lib/api';
import { call } from '../../lib/call';

/** Spec section 3, User profile: the public fields of GET /users/by-username/{username}. */
export type PublicProfile = {
  id: number;
  username: string;
  profile_picture?: string | null;
  note_covoiturage?: number | null;
  departement?: string | null;
  poste?: string | null;
  antennes?: { id?: number; nom: string; lien?: string | null }[];
  created_at?: string | null;
  description?: string | null;
  titres?: { libelle: string; couleur: string; importance: number }[];
  x_username?: string | null;
  insta_username?: string | null;
  classement_prono?: number | null;
  totalUsers?: number | null;
  pts_prono?: number | null;
};

export const profileKeys = {
  all: ['profile'] as const,
  byUsername: (username: string) =>
    [...profileKeys.all, 'by-username', username.toLowerCase()] as const,
};

/** Deleted accounts are renamed with 'supprime' in the pseudo; their profile is a 404. */
export function isDeletedUsername(username: string): boolean {
  return username.toLowerCase().includes('supprime');
}

/** null when the server says 404. */
export function useProfile(username: string | undefined) {
  return useQuery({
    queryKey: profileKeys.byUsername(username ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return unwrap(
          await call('GET /users/by-username/:username', {
            params: { username: username ?? '' },
            signal,
          }),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: Boolean(username) && !isDeletedUsername(username ?? ''),
  });
}

/** PATCH /users/me (spec section 7): the fields the edit popup changes. */
export type ProfileUpdate = {
  description: string | null;
  x_username: string | null;
  insta_username: string | null;
  antennes: number[];
};

export const profileApi = {
  update: (body: ProfileUpdate) => call('PATCH /users/me', { body }),
  deleteAvatar: () => call('DELETE /users/profile-picture'),
};
