import { useId, useMemo, useState } from 'react';
import { Dialog } from '../../../components/ui/Dialog';
import { DepartmentMap, departmentLabel, type DepartmentCount } from './DepartmentMap';
import { useFranceMap } from './franceMap';
import styles from './MapPanel.module.css';
import { Button } from '../../../components/ui/Button';

type Props = {
  departments: DepartmentCount[];
  selected: string | null;
  onSelect: (code: string) => void;
};

/** The department selector, the map and its full-screen view (spec section 2, Home popups). */
export function MapPanel({ departments, selected, onSelect }: Props) {
  const map = useFranceMap();
  const [fullScreen, setFullScreen] = useState(false);
  const selectId = useId();
  const byCode = useMemo(() => new Map(departments.map((d) => [d.code, d])), [departments]);
  const current = selected ? byCode.get(selected) : undefined;
  const paths = map.data ?? [];

  return (
    <section className={styles['map-panel']} aria-label="Carte">
      <div className={styles['map-panel__controls']}>
        <label htmlFor={selectId} className={styles['map-panel__label']}>
          Département
        </label>
        <select
          id={selectId}
          className="input"
          value={current ? current.code : ''}
          onChange={(event) => onSelect(event.target.value)}
        >
          {!current && (
            <option value="" disabled>
              Choisir un département
            </option>
          )}
          {departments.map((d) => (
            <option key={d.code} value={d.code}>
              {d.code} - {departmentLabel(d)}
            </option>
          ))}
        </select>
      </div>
      {current && (
        <p className={styles['map-panel__current']} aria-live="polite">
          {departmentLabel(current)}
        </p>
      )}
      {paths.length > 0 && (
        <>
          <DepartmentMap
            paths={paths}
            departments={byCode}
            selected={selected}
            onSelect={onSelect}
          />
          <Button variant="ghost" small onClick={() => setFullScreen(true)}>
            Plein écran
          </Button>
          <Dialog
            open={fullScreen}
            onClose={() => setFullScreen(false)}
            title="Carte des départements"
            closeButton
            className={styles['map-panel__full']}
          >
            <DepartmentMap
              paths={paths}
              departments={byCode}
              selected={selected}
              onSelect={(code) => {
                onSelect(code);
                setFullScreen(false);
              }}
              fullScreen
            />
          </Dialog>
        </>
      )}
    </section>
  );
}
