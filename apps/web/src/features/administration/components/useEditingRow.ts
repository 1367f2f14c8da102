import { useEffect, useRef, useState } from 'react';

/**
 * The row of a reference list being edited in place. Its form takes the focus (RowForm); once
 * saved or cancelled, the focus goes back to the row's own edit button, which the form had
 * replaced, instead of falling to the page's top. `list` names the list, so that rows of two
 * lists with the same id are told apart; the button carries `editButton(id)`.
 */
export function useEditingRow(list: string) {
  const [editing, setEditing] = useState<number | null>(null);
  const back = useRef<number | null>(null);
  useEffect(() => {
    if (editing !== null || back.current === null) return;
    const target = `[data-edit-row="${list}-${back.current}"]`;
    back.current = null;
    document.querySelector<HTMLElement>(target)?.focus();
  }, [editing, list]);
  return {
    editing,
    start: (id: number) => setEditing(id),
    stop: () => {
      back.current = editing;
      setEditing(null);
    },
    /** The edit button's props: found again once the form is gone. */
    editButton: (id: number) => ({ 'data-edit-row': `${list}-${id}` }),
  };
}
