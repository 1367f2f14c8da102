import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { NumberStepper } from './NumberStepper';
import { ResultPopup } from './ResultPopup';
import { ConfirmDialog } from './ConfirmDialog';
import { LoadingOverlay } from './LoadingOverlay';
import { Toaster } from './Toaster';
import { PasswordField, TextField } from './FormField';

function Stepper(props: { initial: number; min?: number; max?: number }) {
  const [value, setValue] = useState(props.initial);
  return (
    <NumberStepper
      label="Nombre de places"
      value={value}
      onChange={setValue}
      min={props.min}
      max={props.max}
    />
  );
}

describe('NumberStepper', () => {
  it('defaults to 1..15 and disables minus at the minimum', () => {
    render(<Stepper initial={1} />);
    const minus = screen.getByRole('button', { name: /Diminuer/ });
    const plus = screen.getByRole('button', { name: /Augmenter/ });
    expect(minus).toBeDisabled();
    fireEvent.click(plus);
    expect(screen.getByRole('status', { name: 'Nombre de places' })).toHaveTextContent('2');
    expect(minus).toBeEnabled();
  });

  it('disables plus at the maximum', () => {
    render(<Stepper initial={14} />);
    const plus = screen.getByRole('button', { name: /Augmenter/ });
    fireEvent.click(plus);
    expect(screen.getByRole('status', { name: 'Nombre de places' })).toHaveTextContent('15');
    expect(plus).toBeDisabled();
  });

  it('honours custom bounds (places editor 0..15)', () => {
    render(<Stepper initial={0} min={0} max={15} />);
    expect(screen.getByRole('button', { name: /Diminuer/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Augmenter/ })).toBeEnabled();
  });
});

describe('ResultPopup', () => {
  it('shows the message and closes with Fermer', () => {
    const onClose = vi.fn();
    render(
      <ResultPopup open status="error" message="Erreur lors de la sauvegarde" onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Erreur');
    expect(dialog).toHaveTextContent('Erreur lors de la sauvegarde');
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when closed', () => {
    render(<ResultPopup open={false} status="success" message="ok" onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ConfirmDialog', () => {
  it('asks and reports the answer', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Supprimer"
        message="Es-tu sûr de vouloir supprimer cette actualité ?"
        confirmLabel="Supprimer"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('alertdialog')).toHaveTextContent(
      'Es-tu sûr de vouloir supprimer cette actualité ?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('LoadingOverlay', () => {
  it('announces loading', () => {
    render(<LoadingOverlay />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });
});

describe('Toaster', () => {
  it('shows a toast and removes it after 3 s', async () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Message envoyé avec succès !');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Message envoyé avec succès !')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000 + 1_000);
    });
    expect(screen.queryByText('Message envoyé avec succès !')).toBeNull();
    vi.useRealTimers();
  });
});

describe('TextField and PasswordField', () => {
  it('read their hint and their error to a screen reader, with the field', () => {
    render(
      <>
        <TextField id="pseudo" label="Pseudo" hint="3 à 20 caractères" error="Pseudo déjà pris." />
        <PasswordField id="mdp" label="Mot de passe" hint="12 caractères au moins" />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Pseudo' })).toHaveAccessibleDescription(
      'Pseudo déjà pris. 3 à 20 caractères',
    );
    expect(screen.getByLabelText('Mot de passe')).toHaveAccessibleDescription(
      '12 caractères au moins',
    );
  });
});
