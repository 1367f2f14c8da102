import { useState } from 'react';
import { useTitles } from '../api';
import { useSaveTitle } from '../mutations';
import shared from '../administration.module.css';
import { DeleteButton } from './DeleteButton';
import { ListState } from './ListState';
import { RowForm, type RowField } from './RowForm';
import { TitleChip } from './TitleChip';

const FIELDS: RowField[] = [
  { name: 'libelle', label: 'Libellé', maxLength: 60 },
  { name: 'couleur', label: 'Couleur', type: 'color' },
  { name: 'importance', label: 'Importance', type: 'number' },
];
const NEW = { couleur: '#E2001A', importance: '0' };

/** Honorary titles shown on profiles (coloured, highest importance first). */
export function TitlesEditor() {
  const titles = useTitles();
  const save = useSaveTitle();
  const [editing, setEditing] = useState<number | null>(null);
  const submit = (id: number | null) => async (v: Record<string, string>) => {
    const body = {
      libelle: v['libelle'] ?? '',
      couleur: v['couleur'] ?? '',
      importance: Number(v['importance'] || 0),
    };
    const ok = await save.mutateAsync({ id, body }).then(
      () => true,
      () => false,
    );
    if (ok) setEditing(null);
    return ok;
  };
  return (
    <section className={`card ${shared['panel']}`} aria-labelledby="adm-titles">
      <h2 id="adm-titles">Titres</h2>
      <p className={shared['hint']}>
        Supprimer un titre le retire à ses titulaires. Attribuez-les depuis l’onglet Membres.
      </p>
      <RowForm
        fields={FIELDS}
        initial={NEW}
        submitLabel="Ajouter"
        busy={save.isPending}
        onSubmit={submit(null)}
      />
      <ListState query={titles} empty="Aucun titre.">
        {(rows) => (
          <ul className={shared['rows']}>
            {rows.map((t) => (
              <li key={t.id} className={shared['row']}>
                {editing === t.id ? (
                  <RowForm
                    fields={FIELDS}
                    initial={{
                      libelle: t.libelle,
                      couleur: t.couleur,
                      importance: String(t.importance),
                    }}
                    submitLabel="Enregistrer"
                    busy={save.isPending}
                    onSubmit={submit(t.id)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <span className={shared['row__main']}>
                      <TitleChip title={t} />{' '}
                      <span className={shared['muted']}>
                        importance {t.importance} · {t.holders} titulaire{t.holders > 1 ? 's' : ''}
                      </span>
                    </span>
                    <span className={shared['row__actions']}>
                      <button
                        type="button"
                        className="btn btn--outline btn--small"
                        aria-label={`Modifier ${t.libelle}`}
                        onClick={() => setEditing(t.id)}
                      >
                        Modifier
                      </button>
                      <DeleteButton list="titres" id={t.id} name={t.libelle} />
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
