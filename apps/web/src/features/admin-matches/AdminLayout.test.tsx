import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../../test/harness';
import AdminLayout from './AdminLayout';

let auth: { status: string; user: { id: number; role: { libelle: string } } | null };
vi.mock('../../lib/auth', () => ({ useAuth: () => auth }));

// The layout asks for the open-report count of its Modération tab.
beforeEach(() => fakeApi().reply('GET /api/moderation/reports/count', 200, { open: 0 }));

function mount() {
  renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route path="matchs" element={<p>liste des matchs</p>} />
      </Route>
      <Route path="/404" element={<p>Page introuvable</p>} />
    </Routes>,
    { path: '/admin/matchs' },
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
