import { useState } from 'react';
import { LIMITS } from '@munegu/shared';
import { useAntennas } from '../../reference';
import {
  Dialog,
  DialogCancel,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../../components/ui/Dialog';
import styles from './AntennaPickerDialog.module.css';
import { Button } from '../../../components/ui/Button';

type Props = {
  open: boolean;
  initial: number[];
  onClose: () => void;
  onValidate: (ids: number[]) => void;
};

/** Antenna selection (spec section 2, own profile): at most 2, grouped by category. */
export function AntennaPickerDialog({ open, initial, onClose, onValidate }: Props) {
  return (
    // Remounted on each opening so the choice starts from the current antennas.
    <Dialog open={open} onClose={onClose} wide describedByContent freshContent>
      <Picker initial={initial} onValidate={onValidate} />
    </Dialog>
  );
}

function Picker({ initial, onValidate }: Pick<Props, 'initial' | 'onValidate'>) {
  const antennas = useAntennas();
  const [chosen, setChosen] = useState(initial);
  const groups = new Map<string, { id: number; nom: string }[]>();
  for (const antenna of antennas.data ?? []) {
    groups.set(antenna.categorie, [...(groups.get(antenna.categorie) ?? []), antenna]);
  }
  const toggle = (id: number) =>
    setChosen((list) =>
      list.includes(id)
        ? list.filter((a) => a !== id)
        : list.length < LIMITS.maxAntennas
          ? [...list, id]
          : list,
    );

  return (
    <>
      <DialogTitle>Mes antennes</DialogTitle>
      <DialogDescription className="field__hint">
        {LIMITS.maxAntennas} antennes au maximum ({chosen.length} / {LIMITS.maxAntennas}).
      </DialogDescription>
      {[...groups.entries()].map(([categorie, list]) => (
        <fieldset key={categorie} className={styles['antenna-picker__group']}>
          <legend className="field__label">{categorie}</legend>
          {list.map((antenna) => (
            <label key={antenna.id} className="checkbox">
              <input
                type="checkbox"
                checked={chosen.includes(antenna.id)}
                disabled={!chosen.includes(antenna.id) && chosen.length >= LIMITS.maxAntennas}
                onChange={() => toggle(antenna.id)}
              />
              {antenna.nom}
            </label>
          ))}
        </fieldset>
      ))}
      <DialogFooter>
        <DialogCancel />
        <Button variant="primary" onClick={() => onValidate(chosen)}>
          Valider
        </Button>
      </DialogFooter>
    </>
  );
}
