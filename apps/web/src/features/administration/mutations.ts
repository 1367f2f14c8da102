import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { MemberDetail } from '@munegu/shared';
import { toast } from '../../components/ui/toast';
import { unwrap } from '../../lib/api';
import { call, type BodyOf } from '../../lib/call';
import { carpoolKeys } from '../carpool';
import { matchKeys } from '../matches';
import { newsKeys } from '../news';
import { referenceKeys } from '../reference';
import { reportKeys } from '../reports';
import { administrationKeys, partnerKey, problem } from './api';

/**
 * Every administration write: a toast either way, and the cache it changes. Reference lists
 * also refresh their public reads (the forms that offer them), and club feeds the match block.
 */
function useWrite<A, R>(
  write: (args: A) => Promise<R>,
  opts: { success: string; refresh: QueryKey[]; onDone?: (result: R) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (result) => {
      opts.onDone?.(result);
      toast.success(opts.success);
      await Promise.all(opts.refresh.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error) => void toast.error(problem(error)),
  });
}

/** Role, poste and titles of one member: the answer is the member's new detail. */
export function useMemberWrite(id: number, success: string) {
  const client = useQueryClient();
  type Write =
    | { kind: 'role'; body: BodyOf<'PUT /administration/membres/:id/role'> }
    | { kind: 'poste'; body: BodyOf<'PUT /administration/membres/:id/poste'> }
    | { kind: 'grant'; titleId: number }
    | { kind: 'remove'; titleId: number };
  return useWrite(
    async (w: Write): Promise<MemberDetail> => {
      const params = { id };
      if (w.kind === 'role')
        return unwrap(await call('PUT /administration/membres/:id/role', { params, body: w.body }));
      if (w.kind === 'poste')
        return unwrap(
          await call('PUT /administration/membres/:id/poste', { params, body: w.body }),
        );
      if (w.kind === 'grant')
        return unwrap(
          await call('POST /administration/membres/:id/titres', {
            params,
            body: { title_id: w.titleId },
          }),
        );
      return unwrap(
        await call('DELETE /administration/membres/:id/titres/:titleId', {
          params: { id, titleId: w.titleId },
        }),
      );
    },
    {
      success,
      refresh: [administrationKeys.titles(), [...administrationKeys.all, 'members', 'search']],
      onDone: (detail) => client.setQueryData(administrationKeys.member(id), detail),
    },
  );
}

/** A create (id null) or an update of one row. */
type Save<B> = { id: number | null; body: B };

export const useSaveTitle = () =>
  useWrite(
    async ({ id, body }: Save<BodyOf<'POST /administration/titres'>>) =>
      unwrap(
        id === null
          ? await call('POST /administration/titres', { body })
          : await call('PUT /administration/titres/:id', { params: { id }, body }),
      ),
    { success: 'Titre enregistré.', refresh: [administrationKeys.all] },
  );

export const useSaveAntenna = () =>
  useWrite(
    async ({ id, body }: Save<BodyOf<'POST /administration/antennes'>>) =>
      unwrap(
        id === null
          ? await call('POST /administration/antennes', { body })
          : await call('PUT /administration/antennes/:id', { params: { id }, body }),
      ),
    {
      success: 'Antenne enregistrée.',
      refresh: [administrationKeys.antennas(), referenceKeys.all],
    },
  );

export const useSaveCategory = () =>
  useWrite(
    async ({ id, body }: Save<BodyOf<'POST /administration/categories-actualite'>>) =>
      unwrap(
        id === null
          ? await call('POST /administration/categories-actualite', { body })
          : await call('PUT /administration/categories-actualite/:id', { params: { id }, body }),
      ),
    {
      success: 'Catégorie enregistrée.',
      refresh: [administrationKeys.categories(), newsKeys.categories()],
    },
  );

/** Transport modes: the presence form's list (GET /transport) is refreshed too. */
export const useSaveTransport = () =>
  useWrite(
    async ({ id, body }: Save<BodyOf<'POST /administration/transports'>>) =>
      unwrap(
        id === null
          ? await call('POST /administration/transports', { body })
          : await call('PUT /administration/transports/:id', { params: { id }, body }),
      ),
    {
      success: 'Mode de transport enregistré.',
      refresh: [administrationKeys.transports(), carpoolKeys.transports()],
    },
  );

/** Reasons: the report form's lists (every section) and the carpool cancel and exclude dialogs'. */
const PUBLIC_REASON_KEYS = [reportKeys.reasons(), [...carpoolKeys.all, 'reasons']] as const;

export const useSaveReason = () =>
  useWrite(
    async (
      w:
        | { id: null; body: BodyOf<'POST /administration/motifs'> }
        | { id: number; body: BodyOf<'PUT /administration/motifs/:id'> },
    ) =>
      unwrap(
        w.id === null
          ? await call('POST /administration/motifs', { body: w.body })
          : await call('PUT /administration/motifs/:id', { params: { id: w.id }, body: w.body }),
      ),
    {
      success: 'Motif enregistré.',
      refresh: [administrationKeys.reasons(), ...PUBLIC_REASON_KEYS],
    },
  );

export const useReorderReasons = () =>
  useWrite(
    async (body: BodyOf<'PUT /administration/motifs/ordre'>) =>
      unwrap(await call('PUT /administration/motifs/ordre', { body })),
    {
      success: 'Ordre enregistré.',
      refresh: [administrationKeys.reasons(), ...PUBLIC_REASON_KEYS],
    },
  );

const DELETE_KEYS = {
  titres: administrationKeys.all,
  antennes: referenceKeys.all,
  motifs: administrationKeys.reasons(),
  'categories-actualite': administrationKeys.categories(),
  transports: administrationKeys.transports(),
} as const;
/** Deletes one row of a list; the server refuses what is protected or in use (409). */
export function useDeleteRow(list: keyof typeof DELETE_KEYS) {
  return useWrite(
    async (id: number) => {
      const params = { params: { id } };
      if (list === 'titres') return unwrap(await call('DELETE /administration/titres/:id', params));
      if (list === 'antennes')
        return unwrap(await call('DELETE /administration/antennes/:id', params));
      if (list === 'motifs') return unwrap(await call('DELETE /administration/motifs/:id', params));
      if (list === 'transports')
        return unwrap(await call('DELETE /administration/transports/:id', params));
      return unwrap(await call('DELETE /administration/categories-actualite/:id', params));
    },
    {
      success: 'Suppression effectuée.',
      refresh: [
        DELETE_KEYS[list],
        ...(list === 'antennes' ? [administrationKeys.antennas()] : []),
        ...(list === 'transports' ? [carpoolKeys.transports()] : []),
        ...(list === 'motifs' ? PUBLIC_REASON_KEYS : []),
        ...(list === 'categories-actualite' ? [newsKeys.categories()] : []),
      ],
    },
  );
}

export function useSavePartner() {
  const client = useQueryClient();
  return useWrite(
    async (body: BodyOf<'PUT /administration/partner'>) =>
      unwrap(await call('PUT /administration/partner', { body })),
    {
      success: 'Offre partenaire enregistrée.',
      refresh: [],
      onDone: (partner) => client.setQueryData(partnerKey, partner),
    },
  );
}

export const useSaveLiveFeed = () =>
  useWrite(
    async ({ id, url }: { id: number; url: string | null }) =>
      unwrap(
        await call('PUT /administration/clubs/:id/live-feed', {
          params: { id },
          body: { live_feed_url: url },
        }),
      ),
    { success: 'Lien du direct enregistré.', refresh: [administrationKeys.clubs(), matchKeys.all] },
  );
