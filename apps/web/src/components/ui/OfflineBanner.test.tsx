import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt } from '../../test/harness';
import { OFFLINE_TEXT, OfflineBanner } from './OfflineBanner';

function goOffline(offline: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => !offline });
  act(() => void window.dispatchEvent(new Event(offline ? 'offline' : 'online')));
}

afterEach(() => {
  delete (navigator as { onLine?: boolean }).onLine;
});

describe('offline banner', () => {
  it('appears as a status when the network goes, and leaves when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Tu es hors ligne : les données affichées peuvent ne pas être à jour.',
    );
    goOffline(false);
    expect(screen.queryByText(OFFLINE_TEXT)).toBeNull();
  });

  it('is part of every page of the app, shown when it opens offline', async () => {
    fakeApi();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    renderAt('/contact');
    expect(await screen.findByText(OFFLINE_TEXT)).toBeVisible();
  });
});
