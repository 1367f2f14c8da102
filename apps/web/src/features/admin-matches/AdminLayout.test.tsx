import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import AdminLayout from './AdminLayout';

let auth: { status: string; user: { id: number; role: { libelle: string } } | null };
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }));

function mount() {
  render(
    <MemoryRouter initialEntries={['/admin/matchs']}>
      <Routes>
        <Route path="/admin" element={<AdminLayout />}>
          <Route path="matchs" element={<p>liste des matchs</p>} />
        </Route>
        <Route path="/404" element={<p>Page introuvable</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('operators’ screens guard', () => {
  it.each([
    ['signed out', { status: 'anonymous', user: null }],
    ['UTILISATEUR', { status: 'authenticated', user: { id: 1, role: { libelle: 'UTILISATEUR' } } }],
    ['REDACTEUR', { status: 'authenticated', user: { id: 1, role: { libelle: 'redacteur' } } }],
  ])('sends %s visitors to /404', (_who, value) => {
    auth = value;
    mount();
    expect(screen.getByText('Page introuvable')).toBeVisible();
    expect(screen.queryByText('liste des matchs')).toBeNull();
  });

  it.each(['MODERATEUR', 'admin'])('lets a %s in', (libelle) => {
    auth = { status: 'authenticated', user: { id: 2, role: { libelle } } };
    mount();
    expect(screen.getByText('liste des matchs')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', '/admin/import');
  });
});
