import type { KeyboardEvent } from 'react';
import { pluralWord } from '@munegu/shared';
import { cx } from '../../../lib/cx';
import { MAP_VIEW_BOX, type MapPath } from './franceMap';
import styles from './DepartmentMap.module.css';

export type DepartmentCount = { code: string; nom: string; supporters: string };

type Props = {
  paths: MapPath[];
  /** Departments with supporters for the match, keyed by code: highlighted and clickable. */
  departments: ReadonlyMap<string, DepartmentCount>;
  selected: string | null;
  onSelect: (code: string) => void;
  fullScreen?: boolean;
};

/** 'Alpes-Maritimes (<3 supporters)': the count exactly as the API gives it. */
export const departmentLabel = (d: DepartmentCount) =>
  // '<3' (a small count the API blurs) reads as a plural.
  `${d.nom} (${d.supporters} ${pluralWord(Number(d.supporters) || 2, 'supporter')})`;

/**
 * The France department map (spec section 2): departments with supporters are buttons (mouse
 * and keyboard), the selected one is emphasised and drawn last so its outline stays on top.
 */
export function DepartmentMap({ paths, departments, selected, onSelect, fullScreen }: Props) {
  const ordered = [...paths].sort(
    (a, b) => Number(a.code === selected) - Number(b.code === selected),
  );
  const onKey = (code: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect(code);
  };
  return (
    <svg
      viewBox={MAP_VIEW_BOX}
      className={cx(styles['department-map'], fullScreen && styles['department-map--full'])}
      role="group"
      aria-label="Carte des départements"
    >
      {ordered.map((path) => {
        const department = departments.get(path.code);
        if (!department) {
          return <path key={path.code} d={path.d} className={styles['department-map__area']} />;
        }
        const isSelected = path.code === selected;
        return (
          <path
            key={path.code}
            d={path.d}
            role="button"
            tabIndex={0}
            aria-label={departmentLabel(department)}
            aria-pressed={isSelected}
            className={cx(
              styles['department-map__area'],
              styles['department-map__area--active'],
              isSelected && styles['department-map__area--selected'],
            )}
            onClick={() => onSelect(path.code)}
            onKeyDown={onKey(path.code)}
          >
            <title>{departmentLabel(department)}</title>
          </path>
        );
      })}
    </svg>
  );
}
