import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import styles from './NewsEditor.module.css';
import { Button } from '../../../components/ui/Button';

/**
 * The editors' 'Éditer' / 'Supprimer' pair under a news item or a contest: `editor` renders the
 * edit dialog (given its close function), `onDelete` runs after the confirmation and calls
 * `done` to close it, on success and on failure alike (its toast then says what happened).
 */
export function EditDeleteActions({
  name,
  confirm,
  deleting,
  onDelete,
  editor,
}: {
  name: string;
  confirm: string;
  deleting: boolean;
  onDelete: (done: () => void) => void;
  editor: (close: () => void) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <div className={styles['news-actions']} role="group" aria-label={`Gérer « ${name} »`}>
      <Button variant="ghost" small onClick={() => setEditing(true)}>
        Éditer
      </Button>
      <Button variant="ghost" small onClick={() => setAsking(true)}>
        Supprimer
      </Button>
      {editing && editor(() => setEditing(false))}
      <ConfirmDialog
        open={asking}
        title={`Supprimer « ${name} »`}
        message={confirm}
        confirmLabel="Supprimer"
        danger
        busy={deleting}
        onCancel={() => setAsking(false)}
        onConfirm={() => onDelete(() => setAsking(false))}
      />
    </div>
  );
}
