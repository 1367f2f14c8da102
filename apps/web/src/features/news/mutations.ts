import { useMutation } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../lib/mutations';
import { unwrap } from '../../lib/api';
import { call, type BodyOf } from '../../lib/call';
import { newsKeys } from './api';

/** The editors' writes on news; every one that changes a news item reloads the list. */
const useNewsWrite = <A, R>(write: (args: A) => Promise<R>) =>
  useRefreshingMutation(write, newsKeys.list());

/** Reads a club post (its text, and its image stored on our server). Changes nothing yet. */
export function useProxyTweet() {
  return useMutation({
    mutationFn: async (url: string) => {
      const known = unwrap(await call('GET /actualite/exists', { query: { url } }));
      if (known.exists) throw new DuplicatePost();
      return unwrap(await call('POST /actualite/proxy-tweet', { body: { url } }));
    },
  });
}

/** The post is already published (GET /actualite/exists), before fetching anything. */
export class DuplicatePost extends Error {}

export const usePublishNews = () =>
  useNewsWrite(async (body: BodyOf<'POST /actualite'>) =>
    unwrap(await call('POST /actualite', { body })),
  );

export const useUpdateNews = () =>
  useNewsWrite(async ({ id, body }: { id: number; body: BodyOf<'PUT /actualite/:id'> }) =>
    unwrap(await call('PUT /actualite/:id', { params: { id }, body })),
  );

export const useDeleteNews = () =>
  useNewsWrite(async (id: number) =>
    unwrap(await call('DELETE /actualite/:id', { params: { id } })),
  );

/** Contests: their visual is uploaded first (checked and stored by the server). */
export function useUploadContestImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return unwrap(await call('POST /concours/image', { body: form }));
    },
  });
}

const useContestWrite = <A, R>(write: (args: A) => Promise<R>) =>
  useRefreshingMutation(write, newsKeys.contests());

export const useSaveContest = () =>
  useContestWrite(async ({ id, body }: { id: number | null; body: BodyOf<'POST /concours'> }) =>
    unwrap(
      id === null
        ? await call('POST /concours', { body })
        : await call('PUT /concours/:id', { params: { id }, body }),
    ),
  );

export const useDeleteContest = () =>
  useContestWrite(async (id: number) =>
    unwrap(await call('DELETE /concours/:id', { params: { id } })),
  );
