import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog';
import { Dialog, DialogCancel, DialogFooter, UNSAVED, useUnsavedInput } from './Dialog';

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

/** A form dialog as the editors' ones: unsaved once its field differs from what it opened with. */
function Editor({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('Avant');
  return (
    <Dialog open onClose={onClose} title="ÉDITION ACTU" closeButton unsaved={text !== 'Avant'}>
      <TitleInput text={text} setText={setText} />
    </Dialog>
  );
}

/** The same, its form a component of its own that tells the dialog through the hook. */
function DeepEditor({ onClose }: { onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="ÉDITION ACTU" closeButton>
      <DeepForm />
    </Dialog>
  );
}
function DeepForm() {
  const [text, setText] = useState('Avant');
  useUnsavedInput(text !== 'Avant');
  return <TitleInput text={text} setText={setText} />;
}

function TitleInput({ text, setText }: { text: string; setText: (text: string) => void }) {
  return (
    <>
      <label>
        Titre
        <input value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <DialogFooter>
        <DialogCancel />
      </DialogFooter>
    </>
  );
}

describe.each([
  ['its own state', Editor],
  ['a form deeper down', DeepEditor],
])('a form dialog with unsaved changes (%s)', (_, Editor) => {
  it('closes at once while nothing changed', () => {
    let closed = 0;
    render(<Editor onClose={() => closed++} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(closed).toBe(1);
  });

  it('asks before Escape, × or Annuler drop what was typed; « Continuer » keeps it', async () => {
    let closed = 0;
    render(<Editor onClose={() => closed++} />);
    const field = screen.getByRole('textbox', { name: 'Titre' });
    fireEvent.change(field, { target: { value: 'Après' } });
    const press = (name: string) => {
      const button = screen.getByRole('button', { name });
      button.focus();
      fireEvent.click(button);
      return button;
    };
    for (const close of [
      () => (field.focus(), fireEvent.keyDown(field, { key: 'Escape' }), field),
      () => press('Fermer'),
      () => press('Annuler'),
    ]) {
      const asked = close();
      const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
      expect(question).toHaveTextContent(UNSAVED.message);
      fireEvent.click(screen.getByRole('button', { name: UNSAVED.keep }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
      expect(closed).toBe(0);
      // Back where the member was: the field after Escape, the button they pressed otherwise.
      await waitFor(() => expect(document.activeElement).toBe(asked));
      expect(screen.getByRole('textbox', { name: 'Titre' })).toHaveValue('Après');
    }
    fireEvent.keyDown(field, { key: 'Escape' });
    fireEvent.click(await screen.findByRole('button', { name: UNSAVED.discard }));
    expect(closed).toBe(1);
  });
});
