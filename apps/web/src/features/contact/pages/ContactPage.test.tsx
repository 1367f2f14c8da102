import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/queryClient';
import { Toaster } from '../../../components/ui/Toaster';
import ContactPage from './ContactPage';

let reply: { status: number; body: unknown };
let sent: unknown[];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('fetch', async (_input: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});

function setup() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ContactPage />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
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
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <ContactPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'court' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Prénom invalide.')).toBeInTheDocument();
    expect(screen.getByText('Adresse email invalide.')).toBeInTheDocument();
    expect(screen.getByText('Veuillez sélectionner un objet valide.')).toBeInTheDocument();
    expect(screen.getByText('Message invalide ou trop court.')).toBeInTheDocument();
    expect(screen.getByText(/5 \/ 300 caractères/)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('sends the message and confirms with a toast', async () => {
    reply = { status: 200, body: { message: 'ok' } };
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Message envoyé avec succès !')).toBeInTheDocument();
    expect(sent[0]).toEqual({
      prenom: 'Léa',
      nom: 'Rossi',
      email: 'lea.rossi@example.com',
      objet: 'Partenariat',
      message: 'Bonjour, je voudrais proposer un partenariat.',
    });
    expect(screen.getByLabelText('Prénom')).toHaveValue('');
  });

  it('shows the server message on failure and keeps what was typed', async () => {
    reply = { status: 503, body: { message: 'Service de mail indisponible' } };
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Service de mail indisponible')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveValue(
      'Bonjour, je voudrais proposer un partenariat.',
    );
  });

  it("falls back to 'Erreur serveur' when the server says nothing useful", async () => {
    reply = { status: 500, body: 'oops' };
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByText('Erreur serveur')).toBeInTheDocument();
  });
});
