import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FormField } from './FormField';
import { FilePicker } from './FilePicker';

const csv = () => new File(['season;journee'], 'calendrier.csv', { type: 'text/csv' });

describe('FilePicker', () => {
  it('speaks French before and after a file is chosen, and hands the file over', () => {
    const onFile = vi.fn();
    render(
      <FormField id="import-file" label="Fichier CSV ou JSON">
        <FilePicker id="import-file" accept=".csv" onFile={onFile} />
      </FormField>,
    );
    // The field's label and the button both name the one input a keyboard or a test reaches.
    const input = screen.getByLabelText(/Fichier CSV ou JSON/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleName('Fichier CSV ou JSON Choisir un fichier');
    expect(screen.getByText('Aucun fichier choisi')).toBeVisible();

    fireEvent.change(input, { target: { files: [csv()] } });
    expect(onFile).toHaveBeenCalledWith(expect.objectContaining({ name: 'calendrier.csv' }));
    expect(screen.getByText('calendrier.csv')).toBeVisible();
    expect(screen.queryByText('Aucun fichier choisi')).toBeNull();
  });

  it('says no file again when the choice is emptied, and can hide the name', () => {
    const onFile = vi.fn();
    const { rerender } = render(<FilePicker id="f" onFile={onFile} />);
    const input = screen.getByLabelText('Choisir un fichier');
    fireEvent.change(input, { target: { files: [csv()] } });
    fireEvent.change(input, { target: { files: [] } });
    expect(onFile).toHaveBeenLastCalledWith(null);
    expect(screen.getByText('Aucun fichier choisi')).toBeVisible();

    rerender(
      <FilePicker id="f" buttonLabel="Changer ma photo" showFileName={false} onFile={onFile} />,
    );
    expect(screen.getByLabelText('Changer ma photo')).toBe(input);
    expect(screen.queryByText('Aucun fichier choisi')).toBeNull();
  });

  it('names no file and empties the input when the form refuses the file', () => {
    render(<FilePicker id="f" onFile={(file) => file?.type === 'text/csv'} />);
    const input = screen.getByLabelText<HTMLInputElement>('Choisir un fichier');
    const value = vi.spyOn(input, 'value', 'set');
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.heic')] } });
    expect(value).toHaveBeenLastCalledWith('');
    expect(screen.getByText('Aucun fichier choisi')).toBeVisible();
    fireEvent.change(input, { target: { files: [csv()] } });
    expect(screen.getByText('calendrier.csv')).toBeVisible();
  });

  it('marks its button disabled with the input', () => {
    render(<FilePicker id="f" disabled onFile={() => {}} />);
    expect(screen.getByLabelText('Choisir un fichier')).toBeDisabled();
    expect(screen.getByText('Choisir un fichier')).toHaveAttribute('aria-disabled', 'true');
  });
});
