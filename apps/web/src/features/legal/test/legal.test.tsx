import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testSiteInfo } from '../../../test/fixtures';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { Footer } from '../../../app/layout/Footer';
import { markFirstPageRendered, resetFirstPageSettled } from '../../../lib/boot';
import LegalNoticePage from '../pages/LegalNoticePage';
import PrivacyPage from '../pages/PrivacyPage';

const PLACEHOLDER = /à configurer|\.example\b|example\.(com|org|net)/i;

const FILLED = testSiteInfo({
  association: {
    name: 'Association Munegu',
    address: '3 rue Grimaldi, 98000 Monaco',
    registration: 'Association n° 12345',
    publication_director: 'Lucie Martin',
    contact_email: 'bureau@munegu.mc',
  },
  hosting: { name: 'Hébergeur SA', address: '1 quai Antoine-Ier', url: 'https://hebergeur.mc' },
  social: { x: 'https://x.com/munegu', instagram: null, facebook: null },
});

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

/** The page once GET /site has answered (its text, links and hrefs). */
async function rendered(page: ReactNode) {
  renderWithProviders(page);
  await screen.findByRole('heading', { level: 1 });
  await expect.poll(() => api.callsTo('GET /api/site').length).toBe(1);
  const card = document.querySelector('.card')!;
  return card;
}

describe('legal pages', () => {
  it('with nothing filled in: neutral sentences, no placeholder, no address block', async () => {
    api.reply('GET /api/site', 200, testSiteInfo());
    const card = await rendered(<LegalNoticePage />);
    expect(
      screen.getByText(/est édité par une association de supporters régie par la loi/),
    ).toBeVisible();
    expect(screen.getByText(/coordonnées de l’hébergeur te sont communiquées/)).toBeVisible();
    expect(card.querySelector('address')).toBeNull();
    expect(screen.queryByText(/Directeur ou directrice/)).toBeNull();
    expect(card.innerHTML).not.toMatch(PLACEHOLDER);
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('shows the association and the host as the operator set them', async () => {
    api.reply('GET /api/site', 200, FILLED);
    const card = await rendered(<LegalNoticePage />);
    expect(await screen.findByText('Association Munegu')).toBeVisible();
    expect(screen.getByText(/Siège : 3 rue Grimaldi/)).toBeVisible();
    expect(screen.getByText(/Association n° 12345/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'bureau@munegu.mc' })).toHaveAttribute(
      'href',
      'mailto:bureau@munegu.mc',
    );
    expect(screen.getByText(/de la publication : Lucie Martin\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'https://hebergeur.mc' })).toBeVisible();
    expect(card.querySelectorAll('address')).toHaveLength(2);
  });

  it('privacy page: the association’s name and address once set, else the contact form', async () => {
    api.reply('GET /api/site', 200, testSiteInfo());
    const card = await rendered(<PrivacyPage />);
    expect(screen.getByText(/L’association qui édite Munegu/)).toBeVisible();
    expect(card.innerHTML).not.toMatch(PLACEHOLDER);
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
    expect(
      within(card as HTMLElement).getAllByRole('link', { name: 'formulaire de contact' }),
    ).not.toHaveLength(0);
  });

  it('privacy page with the operator’s values speaks tu and gives the address', async () => {
    api.reply('GET /api/site', 200, FILLED);
    const card = await rendered(<PrivacyPage />);
    expect(await screen.findByText(/Association Munegu \(« l’association »\)/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'bureau@munegu.mc' })).toBeVisible();
    expect(card.textContent).not.toMatch(/\b(vous|votre|vos)\b/i);
  });
});

describe('footer', () => {
  // The footer asks for the site's links once the first page has painted (Footer.tsx).
  beforeEach(() => {
    resetFirstPageSettled();
    markFirstPageRendered();
  });

  it('asks for the site’s links only once the first page is there', async () => {
    resetFirstPageSettled();
    api.reply('GET /api/site', 200, FILLED);
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Mentions légales' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('GET /api/site')).toHaveLength(0);
    markFirstPageRendered();
    expect(await screen.findByRole('list', { name: 'Réseaux sociaux' })).toBeVisible();
    expect(api.callsTo('GET /api/site')).toHaveLength(1);
  });

  it('shows no social icon until one is set, then only those set', async () => {
    api.reply('GET /api/site', 200, testSiteInfo());
    renderWithProviders(<Footer />);
    await expect.poll(() => api.callsTo('GET /api/site').length).toBe(1);
    expect(screen.getByRole('link', { name: 'Mentions légales' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Réseaux sociaux' })).toBeNull();
  });

  it('links the accounts the operator set', async () => {
    api.reply('GET /api/site', 200, FILLED);
    renderWithProviders(<Footer />);
    const list = await screen.findByRole('list', { name: 'Réseaux sociaux' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: 'Munegu sur X (Twitter)' })).toHaveAttribute(
      'href',
      'https://x.com/munegu',
    );
  });
});
