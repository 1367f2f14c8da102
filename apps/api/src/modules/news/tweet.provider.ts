import type { ImageStore } from '../../lib/image-store.js';
import { reencodeImage } from '../../lib/images.js';
import { safeFetch, type SafeFetchOptions } from '../../lib/safe-fetch.js';

/** What a post gives a news item: its text and its image, stored here as WebP. */
export interface FetchedTweet {
  text: string;
  /** Public path under /uploads/news, or null when the post has no image. */
  image: string | null;
}

export interface TweetProviderOptions {
  /** Base URL of the syndication endpoint (production: https://cdn.syndication.twimg.com). */
  baseUrl: string;
  fetch: SafeFetchOptions;
  /** Where the post's photo is kept (/uploads/news). */
  images: ImageStore;
}

interface SyndicationTweet {
  text?: unknown;
  user?: { screen_name?: unknown };
  mediaDetails?: { media_url_https?: unknown; type?: unknown }[];
  photos?: { url?: unknown }[];
}

/**
 * Reads a post through the public syndication endpoint, then downloads its first photo and
 * re-encodes it (lib/images.ts, 'news' profile) into the uploads folder: an image is never
 * hot-linked from X, and never trusted by its extension or content type.
 */
export function tweetProvider(opts: TweetProviderOptions) {
  return {
    async fetch(id: string): Promise<FetchedTweet & { account: string | null }> {
      const url = `${opts.baseUrl.replace(/\/+$/, '')}/tweet-result?id=${encodeURIComponent(id)}&lang=fr&token=0`;
      const res = await safeFetch(url, opts.fetch);
      const data = JSON.parse(res.body.toString('utf8')) as SyndicationTweet;
      const text =
        typeof data.text === 'string' ? decodeEntities(stripTrailingLinks(data.text)) : '';
      const account = typeof data.user?.screen_name === 'string' ? data.user.screen_name : null;
      const photo =
        data.mediaDetails?.find((m) => m.type === 'photo' && typeof m.media_url_https === 'string')
          ?.media_url_https ?? data.photos?.find((p) => typeof p.url === 'string')?.url;
      if (typeof photo !== 'string') return { text, image: null, account };
      const raw = await safeFetch(photo, opts.fetch);
      const image = await opts.images.save(await reencodeImage(raw.body, 'news'));
      return { text, image, account };
    },
  };
}

export type TweetProvider = ReturnType<typeof tweetProvider>;

/** X appends the post's own t.co links to its text; they mean nothing on our page. */
function stripTrailingLinks(text: string): string {
  return text.replace(/(\s*https:\/\/t\.co\/\w+)+\s*$/u, '').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * X's syndication text comes HTML-encoded ('Monaco &amp; Lens'), but the site stores and shows
 * plain text: undecoded, the entity itself was published. One pass, so '&amp;lt;' (a post that
 * spelt out '&lt;') stays '&lt;'; what the decoded text says is then held to the content rules
 * of any news item when it is published. An entity naming no character is kept as written.
 */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));/giu, (entity, dec, hex, name) => {
    if (name !== undefined) return NAMED[(name as string).toLowerCase()] ?? entity;
    const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    const character = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return character ? String.fromCodePoint(code) : entity;
  });
}
