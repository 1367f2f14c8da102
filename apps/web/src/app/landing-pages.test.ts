import path from 'node:path';
import { matchRoutes, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rollup } from 'vite';
import { LANDING_PAGES, routePreloads, type RoutePreloadTable } from '../../route-preloads';
import { fakeApi, type FakeApi } from '../test/harness';
import { createQueryClient } from './queryClient';
import { createRoutes } from './routes';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

/** The routes `pathname` opens, innermost last (the catch-all `*` for an unknown path). */
const routesOf = (pathname: string) =>
  (matchRoutes(createRoutes(createQueryClient()), pathname) ?? []).map((m) => m.route);

describe('the landing pages the API preloads (route-preloads.ts)', () => {
  it('are routes of the app, not the 404 page', () => {
    for (const pathname of Object.keys(LANDING_PAGES)) {
      const matched = routesOf(pathname);
      expect(matched.length, pathname).toBeGreaterThan(0);
      expect(matched.at(-1)?.path, pathname).not.toBe('*');
    }
  });

  it("name exactly the API reads each route's loader starts", async () => {
    for (const [pathname, { data = [] }] of Object.entries(LANDING_PAGES)) {
      api = fakeApi();
      for (const route of routesOf(pathname)) {
        const loader = (route as RouteObject).loader;
        if (typeof loader === 'function')
          await loader({
            request: new Request(`http://localhost${pathname}`),
            params: {},
          } as LoaderFunctionArgs);
      }
      await vi.waitFor(() => expect(api.calls.length).toBeGreaterThanOrEqual(data.length));
      const asked = api.calls.filter((c) => c.method === 'GET').map((c) => c.path);
      expect(new Set(asked), pathname).toEqual(new Set(data));
    }
  });
});

describe('the build plugin writing route-preloads.json', () => {
  const root = '/app';
  const chunk = (fileName: string, extra: Partial<Rollup.OutputChunk>) =>
    ({
      type: 'chunk',
      fileName,
      imports: [],
      isEntry: false,
      isDynamicEntry: false,
      facadeModuleId: null,
      viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
      ...extra,
    }) as unknown as Rollup.OutputChunk;
  const css = (...files: string[]) => ({
    importedCss: new Set(files),
    importedAssets: new Set<string>(),
  });
  const bundle = {
    'assets/index.js': chunk('assets/index.js', {
      isEntry: true,
      facadeModuleId: path.resolve(root, 'src/main.tsx'),
      imports: ['assets/react.js'],
      viteMetadata: css('assets/index.css'),
    }),
    'assets/react.js': chunk('assets/react.js', {}),
    'assets/Page.js': chunk('assets/Page.js', {
      isDynamicEntry: true,
      facadeModuleId: path.resolve(root, 'src/pages/Page.tsx'),
      imports: ['assets/react.js', 'assets/shared.js'],
      viteMetadata: css('assets/Page.css'),
    }),
    'assets/shared.js': chunk('assets/shared.js', { viteMetadata: css('assets/shared.css') }),
  } as unknown as Rollup.OutputBundle;

  const run = (pages: Parameters<typeof routePreloads>[1]) => {
    const emitted: { fileName: string; source: string }[] = [];
    const context = {
      emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const hook = routePreloads(root, pages).generateBundle as unknown as (
      this: typeof context,
      options: unknown,
      bundle: Rollup.OutputBundle,
    ) => void;
    hook.call(context, {}, bundle);
    return emitted;
  };

  it("lists the entry's code first, and each page's code the entry does not load", () => {
    const [file] = run({ '/page': { page: 'src/pages/Page.tsx', data: ['/api/things'] } });
    expect(file?.fileName).toBe('route-preloads.json');
    const table = JSON.parse(file!.source) as RoutePreloadTable;
    expect(table.entry).toEqual(['/assets/index.js', '/assets/index.css', '/assets/react.js']);
    expect(table.pages).toEqual({
      '/page': {
        code: ['/assets/Page.js', '/assets/Page.css', '/assets/shared.js', '/assets/shared.css'],
        data: ['/api/things'],
      },
    });
  });

  it('names first an entry another entry imports (the early reads, run on arrival)', () => {
    const early = chunk('assets/early.js', {
      isEntry: true,
      facadeModuleId: path.resolve(root, 'src/lib/boot/early.ts'),
    });
    const withEarly = {
      ...bundle,
      'assets/index.js': {
        ...bundle['assets/index.js'],
        imports: ['assets/react.js', 'assets/early.js'],
      },
      'assets/early.js': early,
    } as unknown as Rollup.OutputBundle;
    const emitted: { source: string }[] = [];
    const hook = routePreloads(root, {}).generateBundle as unknown as (
      this: unknown,
      options: unknown,
      bundle: Rollup.OutputBundle,
    ) => void;
    hook.call({ emitFile: (file: { source: string }) => emitted.push(file) }, {}, withEarly);
    const table = JSON.parse(emitted[0]!.source) as RoutePreloadTable;
    expect(table.entry).toEqual([
      '/assets/early.js',
      '/assets/index.js',
      '/assets/index.css',
      '/assets/react.js',
    ]);
  });

  it('fails the build for a page that is not a lazy chunk (moved or renamed)', () => {
    expect(() => run({ '/gone': { page: 'src/pages/Gone.tsx' } })).toThrow(
      'src/pages/Gone.tsx (for /gone) is not a lazy page chunk',
    );
    expect(() => run({ '/entry': { page: 'src/main.tsx' } })).toThrow('is not a lazy page chunk');
  });
});
