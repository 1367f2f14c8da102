import { useDeferredValue, useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRIP_TEXTS, TRIP_LIMITS } from '@munegu/shared';
import { Button } from '../../../components/ui/Button';
import { Dialog, DialogCancel, DialogFooter } from '../../../components/ui/Dialog';
import { FormError } from '../../../components/ui/FormField';
import { toast } from '../../../components/ui/toast';
import { unwrap } from '../../../lib/api';
import { call, query } from '../../../lib/call';
import { administrationKeys, problem, useMemberSearch } from '../api';
import shared from '../administration.module.css';
import { MemberSearchInput } from '../../../components/ui/MemberSearchInput';
import { Email } from '../../../components/ui/Email';

type Organizer = { id: number; username: string };

const organizersKey = (id: number) => [...administrationKeys.antennas(), id, 'organizers'] as const;

/**
 * An antenna's organisers (issue 30): who may manage its coach trips. The list is edited here
 * and saved at once ('Enregistrer': PUT with the whole list); a member is added by pseudo
 * through the members search of the 'Membres' tab.
 */
export function OrganizersDialog({
  antenna,
  onClose,
}: {
  antenna: { id: number; nom: string };
  onClose: () => void;
}) {
  const client = useQueryClient();
  const current = useQuery({
    queryKey: organizersKey(antenna.id),
    queryFn: query('GET /administration/antennes/:id/organisateurs', {
      params: { id: antenna.id },
    }),
  });
  const [chosen, setChosen] = useState<Organizer[] | null>(null);
  useEffect(() => {
    if (current.data && chosen === null) setChosen(current.data.organisateurs);
  }, [current.data, chosen]);
  const save = useMutation({
    mutationFn: async (userIds: number[]) =>
      unwrap(
        await call('PUT /administration/antennes/:id/organisateurs', {
          params: { id: antenna.id },
          body: { userIds },
        }),
      ),
    onSuccess: (saved) => {
      client.setQueryData(organizersKey(antenna.id), saved);
      toast.success(TRIP_TEXTS.organizersSaved);
      onClose();
    },
  });
  const list = chosen ?? [];
  return (
    <Dialog open onClose={onClose} wide closeButton title={`Organisateurs · ${antenna.nom}`}>
      {current.isError ? (
        <p className="error-text">{problem(current.error)}</p>
      ) : chosen === null ? (
        <p className="empty-state">Chargement…</p>
      ) : (
        <>
          {list.length === 0 ? (
            <p className="empty-state">Aucun organisateur.</p>
          ) : (
            <ul className={shared['rows']} aria-label="Organisateurs">
              {list.map((o) => (
                <li key={o.id} className={shared['row']}>
                  <strong className={shared['row__main']}>{o.username}</strong>
                  <Button
                    variant="ghost"
                    small
                    aria-label={`Retirer ${o.username}`}
                    onClick={() => setChosen(list.filter((x) => x.id !== o.id))}
                  >
                    Retirer
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {list.length < TRIP_LIMITS.organizersMax && (
            <AddOrganizer taken={list.map((o) => o.id)} onAdd={(o) => setChosen([...list, o])} />
          )}
        </>
      )}
      <FormError message={save.isError ? problem(save.error) : null} />
      <DialogFooter>
        <DialogCancel />
        <Button
          variant="primary"
          disabled={chosen === null || save.isPending}
          onClick={() => save.mutate(list.map((o) => o.id))}
        >
          Enregistrer
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** 'Ajouter par pseudo': the members search, each result not yet an organiser addable. */
function AddOrganizer({ taken, onAdd }: { taken: number[]; onAdd: (o: Organizer) => void }) {
  const id = useId();
  const [q, setQ] = useState('');
  const term = useDeferredValue(q);
  const results = useMemberSearch(term);
  const found = (results.data ?? []).filter((m) => !taken.includes(m.id));
  return (
    <div className="field">
      <label htmlFor={`${id}-q`}>Ajouter par pseudo</label>
      <MemberSearchInput id={`${id}-q`} value={q} onChange={setQ} />
      {term.trim().length >= 2 && results.isSuccess && found.length === 0 && (
        <p className="field__hint">Aucun membre trouvé.</p>
      )}
      {found.length > 0 && (
        <ul className={shared['rows']} aria-label="Membres trouvés">
          {found.map((m) => (
            <li key={m.id} className={shared['row']}>
              <span className={shared['row__main']}>
                <strong>{m.pseudo}</strong>{' '}
                <span className={shared['muted']}>
                  <Email address={m.email} />
                </span>
              </span>
              <Button
                variant="outline"
                small
                aria-label={`Ajouter ${m.pseudo}`}
                onClick={() => {
                  onAdd({ id: m.id, username: m.pseudo });
                  setQ('');
                }}
              >
                Ajouter
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
