import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders, type FakeApi } from '../../../test/harness';
import { PartnerBanner } from './PartnerBanner';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

describe('PartnerBanner', () => {
  it('shows the code and link set by the administrators', async () => {
    api.reply('GET /api/site/partner', 200, {
      code: 'ASM-10',
      url: 'https://boutique.example/asm',
    });
    renderWithProviders(<PartnerBanner />);
    expect(await screen.findByText('ASM-10')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voir la boutique partenaire' })).toHaveAttribute(
      'href',
      'https://boutique.example/asm',
    );
  });

  it('shows no banner while no partner is set', async () => {
    api.reply('GET /api/site/partner', 200, { code: null, url: null });
    renderWithProviders(<PartnerBanner />);
    await vi.waitFor(() => expect(api.callsTo('GET /api/site/partner')).toHaveLength(1));
    expect(screen.queryByRole('complementary', { name: 'Offre partenaire' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
