import { useEffect, useId, useRef, useState } from 'react';
import type { AdminReason } from '@munegu/shared';
import { useAdminReasons } from '../api';
import { useReorderReasons, useSaveReason } from '../mutations';
import shared from '../administration.module.css';
import { DeleteButton } from './DeleteButton';
import { RowForm, type RowField } from './RowForm';
import { useEditingRow } from './useEditingRow';
import { problem } from '../api';
import styles from './ReasonsEditor.module.css';
import { Button } from '../../../components/ui/Button';

/** The six lists: cancellation, exclusion, and reports per section. */
const LISTS = [
  { key: 'ANNULATION:', label: 'Annulation de covoiturage' },
  { key: 'EXCLUSION:', label: 'Exclusion de covoiturage' },
  { key: 'SIGNALEMENT:profil', label: 'Signalement — profil' },
  { key: 'SIGNALEMENT:covoiturage', label: 'Signalement — covoiturage' },
  { key: 'SIGNALEMENT:message', label: 'Signalement — message' },
  { key: 'SIGNALEMENT:actualite', label: 'Signalement — actualité' },
] as const;
type ListKey = (typeof LISTS)[number]['key'];
const FIELDS: RowField[] = [{ name: 'label', label: 'Motif', maxLength: 80 }];

function split(key: ListKey) {
  const [kind, section] = key.split(':') as [AdminReason['kind'], string];
  return { kind, section: section as '' | 'profil' | 'covoiturage' | 'message' | 'actualite' };
}

/** Reasons by list: add (before 'Autre'), rename, move up or down, delete while unused. */
export function ReasonsEditor() {
  const id = useId();
  const [list, setList] = useState<ListKey>('ANNULATION:');
  const { editing, start, stop, editButton } = useEditingRow('motifs');
  const reasons = useAdminReasons();
  const save = useSaveReason();
  const reorder = useReorderReasons();
  const { kind, section } = split(list);
  const rows = (reasons.data ?? []).filter((r) => r.kind === kind && r.section === section);
  const movable = rows.filter((r) => !r.autre);
  const rowsInOrder = [...movable, ...rows.filter((r) => r.autre)];

  const submit = (reasonId: number | null) => async (v: Record<string, string>) => {
    const label = v['label'] ?? '';
    const write =
      reasonId === null
        ? save.mutateAsync({ id: null, body: { kind, section, label } })
        : save.mutateAsync({ id: reasonId, body: { label } });
    const ok = await write.then(
      () => true,
      () => false,
    );
    if (ok && reasonId !== null) stop();
    return ok;
  };
  // The arrow pressed keeps the focus as its row moves (the next press moves it again); at the
  // list's end, where that arrow is disabled, the other one takes it.
  const refocus = useRef<{ id: number; by: -1 | 1 } | null>(null);
  const order = movable.map((r) => r.id).join(',');
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    const arrow = (by: -1 | 1) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${wanted.id}:${by}"]`);
    refocus.current = null;
    const target = arrow(wanted.by);
    (target && !target.disabled ? target : arrow(wanted.by === 1 ? -1 : 1))?.focus();
  }, [order]);
  const move = (index: number, by: -1 | 1) => {
    // Not disabled while saving: a disabled button drops the focus to the page's body.
    if (reorder.isPending) return;
    const ids = movable.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    refocus.current = { id: moved!, by };
    reorder.mutate({ kind, section, ids });
  };

  return (
    <section className={`card ${shared['panel']}`} aria-labelledby="adm-reasons">
      <h2 id="adm-reasons">Motifs</h2>
      <p className={shared['hint']}>
        « Autre » reste en dernière position et ne peut être ni renommé ni supprimé. Un motif déjà
        utilisé ne peut pas être supprimé.
      </p>
      <label className={styles['reasons__list']} htmlFor={`${id}-list`}>
        Liste
        <select
          id={`${id}-list`}
          className="input"
          value={list}
          onChange={(e) => setList(e.target.value as ListKey)}
        >
          {LISTS.map((l) => (
            <option key={l.key} value={l.key}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <RowForm
        key={list}
        fields={FIELDS}
        submitLabel="Ajouter"
        busy={save.isPending}
        onSubmit={submit(null)}
      />
      {reasons.isError && <p className="error-text">{problem(reasons.error)}</p>}
      {reasons.isPending && <p className="empty-state">Chargement…</p>}
      <ol className={shared['rows']}>
        {rowsInOrder.map((r, i) => (
          <li key={r.id} className={shared['row']}>
            {editing === r.id ? (
              <RowForm
                fields={FIELDS}
                initial={{ label: r.label }}
                submitLabel="Enregistrer"
                busy={save.isPending}
                onSubmit={submit(r.id)}
                onCancel={stop}
              />
            ) : (
              <>
                <span className={shared['row__main']}>
                  {r.label}{' '}
                  {r.autre && <span className={shared['muted']}>toujours en dernier</span>}
                </span>
                {!r.autre && (
                  <span className={shared['row__actions']}>
                    <Button
                      variant="ghost"
                      small
                      aria-label={`Monter ${r.label}`}
                      data-move={`${r.id}:-1`}
                      disabled={i === 0}
                      onClick={() => move(i, -1)}
                    >
                      ↑
                    </Button>
                    <Button
                      variant="ghost"
                      small
                      aria-label={`Descendre ${r.label}`}
                      data-move={`${r.id}:1`}
                      disabled={i === movable.length - 1}
                      onClick={() => move(i, 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      variant="outline"
                      small
                      aria-label={`Renommer ${r.label}`}
                      {...editButton(r.id)}
                      onClick={() => start(r.id)}
                    >
                      Renommer
                    </Button>
                    <DeleteButton
                      list="motifs"
                      id={r.id}
                      name={r.label}
                      blocked={r.uses > 0 ? 'Motif déjà utilisé' : null}
                    />
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
