import type { KeyboardEvent } from 'react';
import { MONACO_MAP_POINT, MONACO_PLACE, pluralWord } from '@munegu/shared';
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

/**
 * 'Alpes-Maritimes (12 supporters)'. Below three the API blurs the count to '<3', which on a
 * screen reads as a heart: it is spelt out, 'moins de 3 supporters'.
 */
export const departmentLabel = (d: DepartmentCount) =>
  d.supporters.startsWith('<')
    ? `${d.nom} (moins de ${d.supporters.slice(1)} supporters)`
    : `${d.nom} (${d.supporters} ${pluralWord(Number(d.supporters), 'supporter')})`;

/**
 * The France department map (spec section 2): departments with supporters are buttons (mouse
 * and keyboard), the selected one is emphasised and drawn last so its outline stays on top.
 * Monaco, which the file has no path for, is a point on the 06 coast, named beside it, and
 * behaves like a department.
 */
export function DepartmentMap({ paths, departments, selected, onSelect, fullScreen }: Props) {
  const ordered = [...paths].sort(
    (a, b) => Number(a.code === selected) - Number(b.code === selected),
  );
  /** What makes a department (or Monaco's point) a button: name, state, mouse and keyboard. */
  const clickable = (code: string, department: DepartmentCount, shape: string | undefined) => ({
    'data-code': code,
    role: 'button',
    tabIndex: 0,
    'aria-label': departmentLabel(department),
    'aria-pressed': code === selected,
    className: cx(
      shape,
      styles['department-map__area--active'],
      code === selected && styles['department-map__area--selected'],
    ),
    onClick: () => onSelect(code),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onSelect(code);
    },
  });
  const monaco = departments.get(MONACO_PLACE.code);
  const [mx, my] = MONACO_MAP_POINT;
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
          return (
            <path
              key={path.code}
              d={path.d}
              data-code={path.code}
              className={styles['department-map__area']}
            />
          );
        }
        return (
          <path
            key={path.code}
            d={path.d}
            {...clickable(path.code, department, styles['department-map__area'])}
          >
            <title>{departmentLabel(department)}</title>
          </path>
        );
      })}
      <g className={styles['department-map__place']}>
        <text x={mx + 11} y={my + 5} aria-hidden="true" className={styles['department-map__name']}>
          {MONACO_PLACE.name}
        </text>
        {monaco ? (
          <circle
            cx={mx}
            cy={my}
            r={7}
            {...clickable(MONACO_PLACE.code, monaco, styles['department-map__point'])}
          >
            <title>{departmentLabel(monaco)}</title>
          </circle>
        ) : (
          <circle
            cx={mx}
            cy={my}
            r={7}
            data-code={MONACO_PLACE.code}
            className={cx(styles['department-map__point'], styles['department-map__area'])}
          />
        )}
      </g>
    </svg>
  );
}
