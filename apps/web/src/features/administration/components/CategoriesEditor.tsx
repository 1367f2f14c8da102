import { useState } from 'react';
import { useAdminCategories } from '../api';
import { useSaveCategory } from '../mutations';
import shared from '../administration.module.css';
import { DeleteButton } from './DeleteButton';
import { ListState } from './ListState';
import { RowForm, type RowField } from './RowForm';

const FIELDS: RowField[] = [{ name: 'libelle', label: 'Catégorie', maxLength: 40 }];

/** News categories: TOUT (the filter) and AUTRE (the default) cannot change. */
export function CategoriesEditor() {
  const categories = useAdminCategories();
  const save = useSaveCategory();
  const [editing, setEditing] = useState<number | null>(null);
  const submit = (id: number | null) => async (v: Record<string, string>) => {
    const ok = await save.mutateAsync({ id, body: { libelle: v['libelle'] ?? '' } }).then(
      () => true,
      () => false,
    );
    if (ok) setEditing(null);
    return ok;
  };
  return (
    <section className={`card ${shared['panel']}`} aria-labelledby="adm-categories">
      <h2 id="adm-categories">Catégories d’actualités</h2>
      <p className={shared['hint']}>
        TOUT et AUTRE sont protégées ; une catégorie utilisée par des actualités reste.
      </p>
      <RowForm
        fields={FIELDS}
        submitLabel="Ajouter"
        busy={save.isPending}
        onSubmit={submit(null)}
      />
      <ListState query={categories} empty="Aucune catégorie.">
        {(rows) => (
          <ul className={shared['rows']}>
            {rows.map((c) => (
              <li key={c.id} className={shared['row']}>
                {editing === c.id ? (
                  <RowForm
                    fields={FIELDS}
                    initial={{ libelle: c.libelle }}
                    submitLabel="Enregistrer"
                    busy={save.isPending}
                    onSubmit={submit(c.id)}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <>
                    <span className={shared['row__main']}>
                      <strong>{c.libelle}</strong>{' '}
                      <span className={shared['muted']}>
                        {c.protected ? 'protégée' : `${c.uses} actualité${c.uses > 1 ? 's' : ''}`}
                      </span>
                    </span>
                    {!c.protected && (
                      <span className={shared['row__actions']}>
                        <button
                          type="button"
                          className="btn btn--outline btn--small"
                          aria-label={`Renommer ${c.libelle}`}
                          onClick={() => setEditing(c.id)}
                        >
                          Renommer
                        </button>
                        <DeleteButton
                          list="categories-actualite"
                          id={c.id}
                          name={c.libelle}
                          blocked={c.uses > 0 ? 'Catégorie utilisée' : null}
                        />
                      </span>
                    )}
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
