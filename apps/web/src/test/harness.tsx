import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  MemoryRouter,
  RouterProvider,
  createMemoryRouter,
  type InitialEntry,
} from 'react-router-dom';
import { expect, vi } from 'vitest';
import { createRoutes } from '../app/routes';
import { createQueryClient } from '../app/queryClient';
import { Toaster } from '../components/ui/Toaster';

/**
 * The one test harness of the web app: the real routes (or one component) with the real query
 * client, and only the network faked. `reply('POST /api/auth/login', 401, {...})` sets an
 * answer (a function may compute it from the request body and URL, or return a promise to hold
 * the answer back); unknown paths answer 404. A key with a query string ('GET /api/x?a=1')
 * answers only that exact URL and wins over the key without one.
 */
export type Reply = { status: number; body?: unknown } | 'network';
type Handler = Reply | ((body: unknown, url: string) => Reply | Promise<Reply>);

export type Call = { method: string; path: string; body: unknown };

export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0] ?? input;
    const body: unknown =
      typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined);
    calls.push({ method, path: input, body });
    const handler =
      handlers.get(`${method} ${input}`) ??
      handlers.get(`${method} ${path}`) ??
      handlers.get(input) ??
      handlers.get(path);
    const reply = typeof handler === 'function' ? await handler(body, input) : handler;
    if (reply === 'network') throw new TypeError('Failed to fetch');
    const { status, body: payload } = reply ?? { status: 404, body: { message: 'Introuvable' } };
    // A `null` body is sent as JSON null, as the API does for "nothing yet" answers.
    return new Response(
      status === 204 ? null : JSON.stringify(payload === undefined ? {} : payload),
      {
        status,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  return {
    calls,
    reply(key: string, status: number | 'network', body?: unknown) {
      handlers.set(key, status === 'network' ? 'network' : { status, body });
    },
    handle(key: string, handler: (body: unknown, url: string) => Reply | Promise<Reply>) {
      handlers.set(key, handler);
    },
    /** Requests to `key` ('METHOD /api/path', or with a query string for that exact URL), in order. */
    callsTo(key: string) {
      const [method, path = ''] = key.split(' ');
      const exact = path.includes('?');
      return calls.filter(
        (c) => c.method === method && (exact ? c.path : c.path.split('?')[0]) === path,
      );
    },
  };
}
export type FakeApi = ReturnType<typeof fakeApi>;

/** An access token (a JWT the page can read) expiring in `seconds`, told apart by `sig`. */
export function accessToken(seconds = 3600, sig = 'sig'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${b64({ alg: 'HS256' })}.${b64({ exp: Date.now() / 1000 + seconds })}.${sig}`;
}

/** A signed-in member: a token that does not expire soon and GET /users/me. */
export function signIn(api: FakeApi, me: { id: number; username: string }) {
  localStorage.setItem('access_token', accessToken());
  api.reply('GET /api/users/me', 200, me);
}

/** On the open login form: types the address and the password and sends them; gives its button. */
export async function submitLogin(email: string, password: string) {
  const submit = await screen.findByRole('button', { name: 'Se connecter' });
  const fields = { 'Adresse e-mail': email, 'Mot de passe': password };
  for (const [label, value] of Object.entries(fields))
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  await waitFor(() => expect(submit).toBeEnabled());
  fireEvent.click(submit);
  return submit;
}

/**
 * The whole app at `path` (every route, the layout, toasts). `path` may be a location with
 * router state, e.g. `{ pathname: '/messages/Bob_06', state: { confirmed: true } }`.
 */
export function renderAt(path: InitialEntry, client = createQueryClient()) {
  const router = createMemoryRouter(createRoutes(client), { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}

/** One component with what every component may need: queries, a router, toasts. */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', client = createQueryClient() } = {},
) {
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return client;
}
