import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import shared from '../administration.module.css';
import { DeleteButton } from './DeleteButton';
import { ListState } from './ListState';
import { RowForm, type RowField } from './RowForm';
import { useEditingRow } from './useEditingRow';
import { Button } from '../../../components/ui/Button';

type Props<T extends { id: number }> = {
  id: string;
  title: string;
  hint: string;
  fields: RowField[];
  /** Values of the 'Ajouter' form when it opens. */
  initial?: Record<string, string>;
  query: UseQueryResult<T[]>;
  empty: string;
  /** Creates (id null) or updates a row; false when the server refused (the form shows why). */
  save: (id: number | null, values: Record<string, string>) => Promise<boolean>;
  busy: boolean;
  valuesOf: (row: T) => Record<string, string>;
  nameOf: (row: T) => string;
  /** What the row shows besides its buttons. */
  render: (row: T) => ReactNode;
  editLabel: 'Modifier' | 'Renommer';
  /** false hides both buttons (a protected row). */
  editable?: (row: T) => boolean;
  /** The list's path in DELETE /administration/{list}/:id, and why a row may not go. */
  list: Parameters<typeof DeleteButton>[0]['list'];
  blocked?: (row: T) => string | null;
  /** More buttons of a row, before Modifier (an antenna's 'Organisateurs'). */
  actions?: (row: T) => ReactNode;
};

/**
 * One reference list of the 'Référentiels' tab: an 'Ajouter' form, then each row with
 * Modifier (or Renommer) in place and Supprimer. Antennas, categories and titles share it.
 */
export function EditableList<T extends { id: number }>(props: Props<T>) {
  const { editing, start, stop, editButton } = useEditingRow(props.id);
  const submit = (id: number | null) => async (values: Record<string, string>) => {
    const ok = await props.save(id, values);
    if (ok && id !== null) stop();
    return ok;
  };
  return (
    <section className={`card ${shared['panel']}`} aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      <p className={shared['hint']}>{props.hint}</p>
      <RowForm
        fields={props.fields}
        initial={props.initial}
        submitLabel="Ajouter"
        busy={props.busy}
        onSubmit={submit(null)}
      />
      <ListState query={props.query} empty={props.empty}>
        {(rows) => (
          <ul className={shared['rows']}>
            {rows.map((row) => (
              <li key={row.id} className={shared['row']}>
                {editing === row.id ? (
                  <RowForm
                    fields={props.fields}
                    initial={props.valuesOf(row)}
                    submitLabel="Enregistrer"
                    busy={props.busy}
                    onSubmit={submit(row.id)}
                    onCancel={stop}
                  />
                ) : (
                  <>
                    <span className={shared['row__main']}>{props.render(row)}</span>
                    {(props.editable?.(row) ?? true) && (
                      <span className={shared['row__actions']}>
                        {props.actions?.(row)}
                        <Button
                          variant="outline"
                          small
                          aria-label={`${props.editLabel} ${props.nameOf(row)}`}
                          {...editButton(row.id)}
                          onClick={() => start(row.id)}
                        >
                          {props.editLabel}
                        </Button>
                        <DeleteButton
                          list={props.list}
                          id={row.id}
                          name={props.nameOf(row)}
                          blocked={props.blocked?.(row) ?? null}
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
