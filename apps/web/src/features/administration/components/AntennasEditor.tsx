import { useState } from 'react';
import { useAdminAntennas } from '../api';
import { useSaveAntenna } from '../mutations';
import shared from '../administration.module.css';
import { DeleteButton } from './DeleteButton';
import { ListState } from './ListState';
import { RowForm, type RowField } from './RowForm';

const FIELDS: RowField[] = [
  { name: 'nom', label: 'Nom', maxLength: 80 },
  { name: 'categorie', label: 'Catégorie', maxLength: 40, placeholder: 'Groupe' },
];

/** Antennas (supporters' branches): add, rename, delete while unused. */
export function AntennasEditor() {
  const antennas = useAdminAntennas();
  const save = useSaveAntenna();
  const [editing, setEditing] = useState<number | null>(null);
  const submit = (id: number | null) => async (v: Record<string, string>) => {
    const body = { nom: v['nom'] ?? '', categorie: v['categorie'] ?? '' };
    const ok = await save.mutateAsync({ id, body }).then(
      () => true,
      () => false,
    );
    if (ok) setEditing(null);
    return ok;
  };
  return (
    <section className={`card ${shared['panel']}`} aria-labelledby="adm-antennas">
      <h2 id="adm-antennas">Antennes</h2>
      <p className={shared['hint']}>
        Une antenne choisie par des membres ne peut pas être supprimée : renommez-la.
      </p>
      <RowForm
        fields={FIELDS}
        submitLabel="Ajouter"
        busy={save.isPending}
        onSubmit={submit(null)}
      />
      <ListState query={antennas} empty="Aucune antenne.">
        {(rows) => (
          <ul className={shared['rows']}>
            {rows.map((a) => (
              <li key={a.id} className={shared['row']}>
                {editing === a.id ? (
                  <RowForm
                    fields={FIELDS}
                    initial={{ nom: a.nom, categorie: a.categorie }}
                    submitLabel="Enregistrer"
                    busy={save.isPending}
                    onSubmit={submit(a.id)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <span className={shared['row__main']}>
                      <strong>{a.nom}</strong>{' '}
                      <span className={shared['muted']}>
                        {a.categorie} · {a.uses} utilisation{a.uses > 1 ? 's' : ''}
                      </span>
                    </span>
                    <span className={shared['row__actions']}>
                      <button
                        type="button"
                        className="btn btn--outline btn--small"
                        aria-label={`Modifier ${a.nom}`}
                        onClick={() => setEditing(a.id)}
                      >
                        Modifier
                      </button>
                      <DeleteButton
                        list="antennes"
                        id={a.id}
                        name={a.nom}
                        blocked={a.uses > 0 ? 'Antenne utilisée' : null}
                      />
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}
