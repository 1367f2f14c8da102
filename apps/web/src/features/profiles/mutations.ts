import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { profileApi, profileKeys, type ProfileUpdate } from './api';
import { uploadAvatar } from './uploadAvatar';

/**
 * Every write of the profile feature and what it refreshes, in one place. A change to one's
 * own profile reloads the profile pages and the signed-in member (the navbar's avatar).
 */
function useOwnProfileWrite<A, R>(write: (args: A) => Promise<R>) {
  const qc = useQueryClient();
  const { reloadUser } = useAuth();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: profileKeys.all });
      void reloadUser();
    },
  });
}

export const useUpdateProfile = () =>
  useOwnProfileWrite(async (body: ProfileUpdate) => unwrap(await profileApi.update(body)));

export const useDeleteAvatar = () =>
  useOwnProfileWrite(async () => unwrap(await profileApi.deleteAvatar()));

/** The upload reports its progress (0–1) through `onProgress`. */
export const useUploadAvatar = () =>
  useOwnProfileWrite(({ file, onProgress }: { file: File; onProgress: (ratio: number) => void }) =>
    uploadAvatar(file, onProgress),
  );
