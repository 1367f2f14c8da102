import { useTitles } from '../api';
import { useSaveTitle } from '../mutations';
import shared from '../administration.module.css';
import { EditableList } from './EditableList';
import type { RowField } from './RowForm';
import { TitleChip } from './TitleChip';

const FIELDS: RowField[] = [
  { name: 'libelle', label: 'Libellé', maxLength: 60 },
  { name: 'couleur', label: 'Couleur', type: 'color' },
  { name: 'importance', label: 'Importance', type: 'number' },
];
const NEW = { couleur: '#E2001A', importance: '0' };

/** Honorary titles shown on profiles (coloured, highest importance first). */
export function TitlesEditor() {
  const save = useSaveTitle();
  return (
    <EditableList
      id="adm-titles"
      title="Titres"
      hint="Supprimer un titre le retire à ses titulaires. Attribue-les depuis l’onglet Membres."
      fields={FIELDS}
      initial={NEW}
      query={useTitles()}
      empty="Aucun titre."
      busy={save.isPending}
      save={(id, v) =>
        save
          .mutateAsync({
            id,
            body: {
              libelle: v['libelle'] ?? '',
              couleur: v['couleur'] ?? '',
              importance: Number(v['importance'] || 0),
            },
          })
          .then(
            () => true,
            () => false,
          )
      }
      valuesOf={(t) => ({
        libelle: t.libelle,
        couleur: t.couleur,
        importance: String(t.importance),
      })}
      nameOf={(t) => t.libelle}
      render={(t) => (
        <>
          <TitleChip title={t} />{' '}
          <span className={shared['muted']}>
            importance {t.importance} · {t.holders} titulaire{t.holders > 1 ? 's' : ''}
          </span>
        </>
      )}
      editLabel="Modifier"
      list="titres"
    />
  );
}
