import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import ContactPage from './ContactPage';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
/** The bodies of every request sent with one, in order. */
const sent = () => api.calls.filter((c) => c.body !== undefined).map((c) => c.body);

function setup() {
  renderWithProviders(<ContactPage />);
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('Prénom', 'Léa');
  type('Nom', 'Rossi');
  type('Adresse e-mail', 'lea.rossi@example.com');
  fireEvent.change(screen.getByLabelText('Objet'), { target: { value: 'Partenariat' } });
  type('Message', 'Bonjour, je voudrais proposer un partenariat.');
}

describe('ContactPage', () => {
  it('shows the French validation messages inline', async () => {
    renderWithProviders(<ContactPage />);
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'court' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Prénom invalide.')).toBeInTheDocument();
    expect(screen.getByText('Adresse email invalide.')).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner un objet valide.')).toBeInTheDocument();
    expect(screen.getByText('Message invalide ou trop court.')).toBeInTheDocument();
    expect(screen.getByText(/5 \/ 300 caractères/)).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
  });

  it('says what a name may hold when a space makes it invalid', async () => {
    setup();
    fireEvent.change(screen.getByLabelText('Nom'), { target: { value: 'De La Fuente' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Nom invalide.')).toBeInTheDocument();
    const hint = screen.getByText(/écris « De-La-Fuente » pour « De La Fuente »/);
    expect(screen.getByLabelText('Nom')).toHaveAttribute(
      'aria-describedby',
      `contact-nom-error ${hint.id}`,
    );
    // The first name is valid: no hint under it.
    expect(screen.getAllByText(/Lettres \(accents compris\) et tirets/)).toHaveLength(1);
    expect(sent()).toHaveLength(0);
  });

  it('sends the message and confirms with a toast', async () => {
    api.reply('POST /api/contact', 200, { message: 'ok' });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Message envoyé avec succès !')).toBeInTheDocument();
    expect(api.callsTo('POST /api/contact')).toHaveLength(1);
    expect(sent()[0]).toEqual({
      prenom: 'Léa',
      nom: 'Rossi',
      email: 'lea.rossi@example.com',
      objet: 'Partenariat',
      message: 'Bonjour, je voudrais proposer un partenariat.',
    });
    expect(screen.getByLabelText('Prénom')).toHaveValue('');
  });

  it('shows the server message on failure and keeps what was typed', async () => {
    api.reply('POST /api/contact', 503, { message: 'Service de mail indisponible' });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Service de mail indisponible')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue(
      'Bonjour, je voudrais proposer un partenariat.',
    );
  });

  it("falls back to 'Erreur serveur' when the server says nothing useful", async () => {
    api.reply('POST /api/contact', 500, 'oops');
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Erreur serveur')).toBeInTheDocument();
  });
});
