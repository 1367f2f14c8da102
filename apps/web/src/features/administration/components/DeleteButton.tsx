import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useDeleteRow } from '../mutations';
import { Button } from '../../../components/ui/Button';

type Props = {
  list: Parameters<typeof useDeleteRow>[0];
  id: number;
  name: string;
  /** Why it cannot be deleted (in use, protected): the button is then disabled with this title. */
  blocked?: string | null;
};

/** 'Supprimer' with a confirmation; the server refuses what is protected or in use. */
export function DeleteButton({ list, id, name, blocked }: Props) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteRow(list);
  return (
    <>
      <Button
        variant="ghost"
        small
        aria-label={`Supprimer ${name}`}
        title={blocked ?? undefined}
        disabled={Boolean(blocked) || remove.isPending}
        onClick={() => setAsking(true)}
      >
        Supprimer
      </Button>
      <ConfirmDialog
        open={asking}
        danger
        title="Confirmer la suppression"
        message={`Supprimer « ${name} » ? Cette action est définitive.`}
        confirmLabel="Supprimer"
        busy={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => remove.mutate(id, { onSettled: () => setAsking(false) })}
      />
    </>
  );
}
