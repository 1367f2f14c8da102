import { plural } from '@munegu/shared';
import { useAdminTransports } from '../api';
import { useSaveTransport } from '../mutations';
import shared from '../administration.module.css';
import { EditableList } from './EditableList';
import type { RowField } from './RowForm';

const FIELDS: RowField[] = [{ name: 'libelle', label: 'Mode de transport', maxLength: 30 }];

/**
 * Transport modes of the presence form. The spec's six carry the carpool rules and stay as
 * they are; the ones added here are offered after them and ask nothing more (like the train).
 */
export function TransportsEditor() {
  const save = useSaveTransport();
  return (
    <EditableList
      id="adm-transports"
      title="Modes de transport"
      hint="Voiture, bus, train, avion, à pied et en recherche sont fixes (le covoiturage repose sur eux). Un mode ajouté est proposé aux membres après eux ; choisi par des membres, il ne peut plus être supprimé : renomme-le."
      fields={FIELDS}
      query={useAdminTransports()}
      empty="Aucun mode de transport."
      busy={save.isPending}
      save={(id, v) =>
        save.mutateAsync({ id, body: { libelle: v['libelle'] ?? '' } }).then(
          () => true,
          () => false,
        )
      }
      valuesOf={(m) => ({ libelle: m.libelle })}
      nameOf={(m) => m.libelle}
      render={(m) => (
        <>
          <strong>{m.libelle}</strong>{' '}
          <span className={shared['muted']}>
            {m.protected ? 'fixe' : 'ajouté'} · {plural(m.uses, 'présence')}
          </span>
        </>
      )}
      editLabel="Renommer"
      editable={(m) => !m.protected}
      list="transports"
      blocked={(m) => (m.uses > 0 ? 'Mode de transport utilisé' : null)}
    />
  );
}
