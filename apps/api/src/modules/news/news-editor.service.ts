import { mayManageNews, NEWS_TEXTS as M, parseTweetLink } from '@munegu/shared';
import type { z } from 'zod';
import type { newsCreateSchema, newsUpdateSchema } from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../lib/errors.js';
import type { ImageStore } from '../../lib/image-store.js';
import { SafeFetchError } from '../../lib/safe-fetch.js';
import type { Caller } from '../../plugins/auth.js';
import type { NewsWriteRepository } from './news.repository.js';
import type { TweetProvider } from './tweet.provider.js';

export interface NewsEditorDeps {
  repo: NewsWriteRepository;
  tweets: TweetProvider;
  /** The club's official X account (CLUB_X_ACCOUNT); only its posts become news. */
  clubAccount: string;
  /** Fills the '{product}' of the invalid-link message. */
  productName: string;
  /** The images proxy-tweet stored (a create may only use one of ours). */
  images: Pick<ImageStore, 'has'>;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Editors' side of the news (spec sections 4 and 6): REDACTEUR and above publish from a post
 * of the club's account; the author, and MODERATEUR and above, edit and delete.
 */
export function newsEditorService(deps: NewsEditorDeps) {
  const invalidLink = () =>
    new AppError('VALIDATION', M.invalidTweetLink.replace('{product}', deps.productName));

  /** The canonical link of a club post, or a 400 with the spec's message. */
  function clubPost(url: string) {
    const post = parseTweetLink(url);
    if (!post || post.account.toLowerCase() !== deps.clubAccount.toLowerCase()) throw invalidLink();
    return { ...post, canonical: `https://x.com/${deps.clubAccount}/status/${post.id}` };
  }

  const notFound = () => new AppError('NOT_FOUND', 'Actualité introuvable.');

  async function mayChange(caller: Caller, newsId: number) {
    const author = await deps.repo.authorOf(newsId);
    if (author === null) throw notFound();
    // The rule the web applies to show 'Éditer' / 'Supprimer' (shared news-policy.ts).
    if (!mayManageNews(caller, author)) throw new AppError('FORBIDDEN', M.notAllowed);
  }

  async function category(id: number) {
    const found = await deps.repo.category(id);
    if (!found || found.label.toUpperCase() === 'TOUT')
      throw new AppError('VALIDATION', 'Catégorie invalide.');
    return found;
  }

  return {
    async exists(url: string): Promise<boolean> {
      return deps.repo.sourceExists(clubPost(url).canonical);
    },

    /** Text and stored image of a club post that is not published yet. */
    async proxyTweet(url: string) {
      const post = clubPost(url);
      if (await deps.repo.sourceExists(post.canonical)) throw new AppError('CONFLICT', M.duplicate);
      let fetched;
      try {
        fetched = await deps.tweets.fetch(post.id);
      } catch (err) {
        // The reason stays in the log (refused address, timeout…); the editor gets the spec text.
        deps.log.warn(
          { err: err instanceof SafeFetchError ? err.message : err },
          'tweet fetch failed',
        );
        throw new AppError('VALIDATION', M.fetchFailed, { status: 502 });
      }
      if (fetched.account && fetched.account.toLowerCase() !== deps.clubAccount.toLowerCase())
        throw invalidLink();
      if (!fetched.text || !fetched.image) throw new AppError('VALIDATION', M.needsTextAndImage);
      return { text: fetched.text, image: fetched.image, message: M.fetched };
    },

    /** Publishes as the caller; `ip` is their address, for the audit row. */
    async create(caller: Caller, input: z.output<typeof newsCreateSchema>, ip: string) {
      const post = clubPost(input.lien);
      const cat = await category(input.categorieId);
      if (!(await deps.images.has(input.image))) throw new AppError('VALIDATION', M.invalidImage);
      try {
        const created = await deps.repo.create(
          {
            title: input.titre,
            content: input.contenu,
            image: input.image,
            link: post.canonical,
            sourceUrl: post.canonical,
            categoryId: cat.id,
            imageObjectPosY: input.imageObjectPosY,
            authorId: caller.id,
          },
          { id: caller.id, ip },
        );
        return { message: M.published, id: created.id };
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.duplicate);
        throw err;
      }
    },

    async update(caller: Caller, id: number, input: z.output<typeof newsUpdateSchema>, ip: string) {
      await mayChange(caller, id);
      const cat = await category(input.categorieId);
      const saved = await deps.repo.update(
        id,
        {
          title: input.titre,
          content: input.contenu,
          categoryId: cat.id,
          imageObjectPosY: input.imageObjectPosY,
        },
        { id: caller.id, ip },
      );
      if (!saved) throw notFound();
      return { message: M.updated, id };
    },

    async remove(caller: Caller, id: number, ip: string) {
      await mayChange(caller, id);
      if (!(await deps.repo.remove(id, { id: caller.id, ip }))) throw notFound();
      return { message: M.deleted };
    },
  };
}

export type NewsEditorService = ReturnType<typeof newsEditorService>;
