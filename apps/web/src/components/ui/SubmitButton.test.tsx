import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SubmitButton } from './SubmitButton';

/** A form whose request is held until the test answers it. */
function Form() {
  const [busy, setBusy] = useState(false);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setBusy(true);
      }}
    >
      <input aria-label="Téléphone" />
      <SubmitButton variant="primary" disabled={busy}>
        Confirmer
      </SubmitButton>
      <button type="button" onClick={() => setBusy(false)}>
        Réponse
      </button>
    </form>
  );
}

/**
 * What Chromium does to a focused button that turns disabled (checked in Chromium 156): the
 * focus goes to the body, and the button gets a blur with no related target. jsdom keeps the
 * focus on a disabled button, so the test puts it on the body through another element.
 */
function dropFocusAsChromiumDoes(button: HTMLElement) {
  const elsewhere = document.createElement('input');
  document.body.append(elsewhere);
  act(() => {
    elsewhere.focus();
    elsewhere.blur();
  });
  elsewhere.remove();
  fireEvent.blur(button, { relatedTarget: null });
}

describe('SubmitButton', () => {
  it('takes the focus back after a request, which the browser dropped when it was disabled', () => {
    render(<Form />);
    const submit = screen.getByRole('button', { name: 'Confirmer' });
    submit.focus();
    act(() => submit.click());
    expect(submit).toBeDisabled();
    dropFocusAsChromiumDoes(submit);
    expect(document.activeElement).toBe(document.body);
    act(() => screen.getByRole('button', { name: 'Réponse' }).click());
    expect(submit).toBeEnabled();
    expect(submit).toHaveFocus();
  });

  it('leaves the focus where the member put it meanwhile', () => {
    render(<Form />);
    const submit = screen.getByRole('button', { name: 'Confirmer' });
    submit.focus();
    act(() => submit.click());
    dropFocusAsChromiumDoes(submit);
    const field = screen.getByLabelText('Téléphone');
    act(() => field.focus());
    act(() => screen.getByRole('button', { name: 'Réponse' }).click());
    expect(field).toHaveFocus();
  });
});
