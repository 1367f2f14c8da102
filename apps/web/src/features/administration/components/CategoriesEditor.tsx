import { useAdminCategories } from '../api';
import { useSaveCategory } from '../mutations';
import shared from '../administration.module.css';
import { EditableList } from './EditableList';
import type { RowField } from './RowForm';

const FIELDS: RowField[] = [{ name: 'libelle', label: 'Catégorie', maxLength: 40 }];

/** News categories: TOUT (the filter) and AUTRE (the default) cannot change. */
export function CategoriesEditor() {
  const save = useSaveCategory();
  return (
    <EditableList
      id="adm-categories"
      title="Catégories d’actualités"
      hint="TOUT et AUTRE sont protégées ; une catégorie utilisée par des actualités reste."
      fields={FIELDS}
      query={useAdminCategories()}
      empty="Aucune catégorie."
      busy={save.isPending}
      save={(id, v) =>
        save.mutateAsync({ id, body: { libelle: v['libelle'] ?? '' } }).then(
          () => true,
          () => false,
        )
      }
      valuesOf={(c) => ({ libelle: c.libelle })}
      nameOf={(c) => c.libelle}
      render={(c) => (
        <>
          <strong>{c.libelle}</strong>{' '}
          <span className={shared['muted']}>
            {c.protected ? 'protégée' : `${c.uses} actualité${c.uses > 1 ? 's' : ''}`}
          </span>
        </>
      )}
      editLabel="Renommer"
      editable={(c) => !c.protected}
      list="categories-actualite"
      blocked={(c) => (c.uses > 0 ? 'Catégorie utilisée' : null)}
    />
  );
}
