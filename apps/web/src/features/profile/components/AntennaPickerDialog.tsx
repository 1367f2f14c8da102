import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { LIMITS } from '@munegu/shared';
import { useAntennas } from '../../reference/api';
import '../../../components/ui/Dialog.css';

type Props = {
  open: boolean;
  initial: number[];
  onClose: () => void;
  onValidate: (ids: number[]) => void;
};

/** Antenna selection (spec section 2, own profile): at most 2, grouped by category. */
export function AntennaPickerDialog({ open, initial, onClose, onValidate }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog__overlay" />
        <Dialog.Content className="dialog__content dialog__content--wide">
          {/* Remounted on each opening so the choice starts from the current antennas. */}
          {open && <Picker initial={initial} onValidate={onValidate} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
      <Dialog.Title className="dialog__title">Mes antennes</Dialog.Title>
      <Dialog.Description className="field__hint">
        {LIMITS.maxAntennas} antennes au maximum ({chosen.length} / {LIMITS.maxAntennas}).
      </Dialog.Description>
      {[...groups.entries()].map(([categorie, list]) => (
        <fieldset key={categorie} className="antenna-picker__group">
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
      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="btn btn--ghost">
            Annuler
          </button>
        </Dialog.Close>
        <button type="button" className="btn btn--primary" onClick={() => onValidate(chosen)}>
          Valider
        </button>
      </div>
    </>
  );
}
