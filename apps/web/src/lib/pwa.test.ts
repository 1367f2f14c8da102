import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST_URL, linkManifest } from './pwa';

describe('linkManifest', () => {
  afterEach(() => {
    document.head.querySelectorAll('link[rel="manifest"]').forEach((l) => l.remove());
  });

  it('links the manifest once, however often it is called', () => {
    expect(document.querySelector('link[rel="manifest"]')).toBeNull();
    linkManifest();
    linkManifest();
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe(MANIFEST_URL);
    expect(MANIFEST_URL).toBe('/manifest.webmanifest');
  });
});
