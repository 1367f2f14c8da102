import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './Tabs';

const TABS = [
  { value: 'general', label: 'Général', panel: <p>Classement général</p> },
  { value: 'journee', label: 'Par journée', panel: <p>Classement de la journée</p> },
] as const;

describe('Tabs', () => {
  it('ties each tab to its panel and fills only the selected one', () => {
    render(<Tabs label="Type de classement" tabs={TABS} />);
    expect(screen.getByRole('tablist', { name: 'Type de classement' })).toBeInTheDocument();
    const general = screen.getByRole('tab', { name: 'Général' });
    expect(general).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Général' });
    expect(general).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Classement général');
    expect(screen.queryByText('Classement de la journée')).toBeNull();
    // The other panel is in the document, hidden and empty, so its tab's aria-controls resolves.
    const other = screen.getByRole('tab', { name: 'Par journée' });
    const hiddenPanel = document.getElementById(other.getAttribute('aria-controls')!);
    expect(hiddenPanel).toHaveAttribute('hidden');
    expect(hiddenPanel).toBeEmptyDOMElement();
  });

  it('moves with the arrow keys and selects the focused tab', async () => {
    render(<Tabs label="Type de classement" tabs={TABS} />);
    const general = screen.getByRole('tab', { name: 'Général' });
    general.focus();
    fireEvent.keyDown(general, { key: 'ArrowRight' });
    const journee = screen.getByRole('tab', { name: 'Par journée' });
    // Radix's roving focus moves it in a task of its own.
    await waitFor(() => expect(journee).toHaveFocus());
    expect(journee).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Par journée' })).toHaveTextContent(
      'Classement de la journée',
    );
  });

  it('follows the value it is given when controlled', () => {
    function Controlled() {
      const [value, setValue] = useState<'general' | 'journee'>('journee');
      return (
        <>
          <Tabs label="Type" tabs={TABS} value={value} onValueChange={setValue} />
          <button type="button" onClick={() => setValue('general')}>
            Revenir au général
          </button>
        </>
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Classement de la journée');
    fireEvent.click(screen.getByRole('button', { name: 'Revenir au général' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Classement général');
  });
});
