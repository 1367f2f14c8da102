import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog, DialogFooter } from './Dialog';

/** A dialog with a button that asks a confirmation over it (like the presence dialog). */
function Presence() {
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog open onClose={() => undefined} title="Direction le stade !" wide closeButton>
      <DialogFooter>
        <button type="button" className="btn" onClick={() => setConfirming(true)}>
          Annuler ma présence
        </button>
        <button type="button" className="btn">
          Modifier
        </button>
      </DialogFooter>
      <ConfirmDialog
        open={confirming}
        title="Annuler ma présence"
        message="Es-tu sûr de vouloir annuler ta présence à ce match ?"
        confirmLabel="Oui, annuler"
        cancelLabel="Non"
        onConfirm={() => setConfirming(false)}
        onCancel={() => setConfirming(false)}
      />
    </Dialog>
  );
}

/** The element that stacks a dialog part in the page (its portal's child of <body>). */
const layerOf = (el: Element) => {
  let node: Element = el;
  while (node.parentElement && node.parentElement !== document.body) node = node.parentElement;
  return node;
};

describe('a confirmation over a dialog', () => {
  it('covers the dialog below: hidden from screen readers, out of reach, stacked under', async () => {
    render(<Presence />);
    const lower = screen.getByRole('dialog', { name: 'Direction le stade !' });
    fireEvent.click(screen.getByRole('button', { name: 'Annuler ma présence' }));

    const confirm = await screen.findByRole('alertdialog', { name: 'Annuler ma présence' });
    await waitFor(() => expect(confirm).toContainElement(document.activeElement as HTMLElement));
    // Screen readers and role queries only find the confirmation now.
    expect(lower.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(confirm.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Direction le stade !' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Oui, annuler' })).toBeVisible();
    // The pointer cannot reach the dialog below.
    expect(lower).toHaveStyle({ pointerEvents: 'none' });
    // The confirmation's overlay comes after the lower dialog in the page, so with the one
    // z-index that overlay and content share, it is drawn over the whole lower dialog.
    const overlays = document.querySelectorAll('[data-state="open"]:not([role])');
    const confirmOverlay = [...overlays].at(-1);
    expect(confirmOverlay).toBeDefined();
    expect(
      layerOf(lower).compareDocumentPosition(confirmOverlay as Element) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Non' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Direction le stade !' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeVisible();
  });
});

/** A page button that opens a dialog by state, as every feature does. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Avant</button>
      <button type="button" onClick={() => setOpen(true)}>
        Ajouter un article
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Ajouter un article">
        <DialogFooter>
          <button type="button" onClick={() => setOpen(false)}>
            Annuler
          </button>
        </DialogFooter>
      </Dialog>
    </>
  );
}

describe('closing a dialog', () => {
  it.each([
    ['Escape', () => fireEvent.keyDown(document.activeElement!, { key: 'Escape' })],
    ['its own button', () => fireEvent.click(screen.getByRole('button', { name: 'Annuler' }))],
  ])('by %s gives focus back to the button that opened it', async (_how, close) => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Ajouter un article' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un article' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
