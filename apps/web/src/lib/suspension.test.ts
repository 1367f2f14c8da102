import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The notice as the tab whose refresh met the suspension writes it (lib/api.ts). */
const NOTICE = {
  message: 'Ton compte est suspendu jusqu’au 05/12/2031 : Insultes.',
  until: '2031-12-05T10:00:00.000Z',
  reason: 'Insultes.',
};
const KEY = 'munegu.suspension';

const fresh = async () => {
  vi.resetModules();
  return import('./suspension');
};

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the suspension notice across the member’s tabs', () => {
  it('reaches another open tab at once, which shows it as its own', async () => {
    const tab = await fresh();
    const told = vi.fn();
    tab.onSuspension(told);
    expect(tab.getSuspension()).toBeNull();
    // Another tab noted it (the same origin's localStorage; the browser fires 'storage' here).
    localStorage.setItem(KEY, JSON.stringify(NOTICE));
    window.dispatchEvent(
      new StorageEvent('storage', { key: KEY, newValue: JSON.stringify(NOTICE) }),
    );
    expect(told).toHaveBeenCalled();
    expect(tab.getSuspension()).toEqual({ ...NOTICE, seen: false });
    // Its own: kept for this tab through a reload.
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toMatchObject(NOTICE);
  });

  it('is found after a reload by a tab whose own refresh never heard why', async () => {
    localStorage.setItem(KEY, JSON.stringify(NOTICE));
    const reloaded = await fresh();
    expect(reloaded.getSuspension()).toEqual({ ...NOTICE, seen: false });
  });

  it('keeps each tab’s « seen » to itself, and goes for every tab once cleared', async () => {
    const tab = await fresh();
    tab.noteSuspension(NOTICE);
    tab.markSuspensionSeen();
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual(NOTICE);
    tab.clearSuspension();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});
