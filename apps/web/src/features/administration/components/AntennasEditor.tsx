import { useState } from 'react';
import { useAdminAntennas } from '../api';
import { useSaveAntenna } from '../mutations';
import shared from '../administration.module.css';
import { EditableList } from './EditableList';
import type { RowField } from './RowForm';
import { Button } from '../../../components/ui/Button';
import { OrganizersDialog } from './OrganizersDialog';

const FIELDS: RowField[] = [
  { name: 'nom', label: 'Nom', maxLength: 80 },
  { name: 'categorie', label: 'Catégorie', maxLength: 40, placeholder: 'Groupe' },
];

/**
 * Antennas (supporters' branches): add, rename, delete while unused, and name the members who
 * organise their coach trips.
 */
export function AntennasEditor() {
  const save = useSaveAntenna();
  const [organizers, setOrganizers] = useState<{ id: number; nom: string } | null>(null);
  return (
    <>
      <EditableList
        id="adm-antennas"
        title="Antennes"
        hint="Une antenne choisie par des membres ne peut pas être supprimée : renomme-la."
        fields={FIELDS}
        query={useAdminAntennas()}
        empty="Aucune antenne."
        busy={save.isPending}
        save={(id, v) =>
          save
            .mutateAsync({ id, body: { nom: v['nom'] ?? '', categorie: v['categorie'] ?? '' } })
            .then(
              () => true,
              () => false,
            )
        }
        valuesOf={(a) => ({ nom: a.nom, categorie: a.categorie })}
        nameOf={(a) => a.nom}
        render={(a) => (
          <>
            <strong>{a.nom}</strong>{' '}
            <span className={shared['muted']}>
              {a.categorie} · {a.uses} utilisation{a.uses > 1 ? 's' : ''}
            </span>
          </>
        )}
        editLabel="Modifier"
        list="antennes"
        blocked={(a) => (a.uses > 0 ? 'Antenne utilisée' : null)}
        actions={(a) => (
          <Button
            variant="outline"
            small
            aria-label={`Organisateurs de ${a.nom}`}
            onClick={() => setOrganizers({ id: a.id, nom: a.nom })}
          >
            Organisateurs
          </Button>
        )}
      />
      {organizers && <OrganizersDialog antenna={organizers} onClose={() => setOrganizers(null)} />}
    </>
  );
}
