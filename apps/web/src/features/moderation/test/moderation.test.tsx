import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';

/** The moderators' screens through the real routes; only the network is fake. */
let api: FakeApi;

beforeEach(() => {
  api = fakeApi();
  signIn(api, { id: 1, username: 'Modo', role: { libelle: 'MODERATEUR' } } as never);
  api.reply('GET /api/moderation/users/suspended', 200, [
    {
      id: 200,
      pseudo: 'Banni_1',
      avatar: null,
      suspended: true,
      suspendedUntil: null,
      silencedUntil: null,
    },
    {
      id: 201,
      pseudo: 'Court_2',
      avatar: null,
      suspended: true,
      suspendedUntil: '2031-06-01T10:00:00.000Z',
      silencedUntil: null,
    },
    {
      id: 202,
      pseudo: 'Muet_3',
      avatar: null,
      suspended: false,
      suspendedUntil: null,
      silencedUntil: '2031-06-03T10:00:00.000Z',
    },
  ]);
});

describe('suspended members and the journal', () => {
  it('lifts a suspension', async () => {
    api.reply('POST /api/moderation/users/201/lift', 200, { message: 'Suspension levée.' });
    renderAt('/admin/moderation');
    expect(await screen.findByText('Suspendu jusqu’au 01/06/2031')).toBeVisible();
    const row = within((await screen.findByText('Court_2')).closest('li')!);
    fireEvent.click(row.getByRole('button', { name: 'Lever la suspension' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Lever la suspension de Court_2' }),
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Lever la suspension' }));
    expect(await screen.findByText('Suspension levée.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/moderation/users/201/lift')).toHaveLength(1);
  });

  it.each([
    ['Banni_1', 200, 'Lever le bannissement', 'Bannissement levé.'],
    ['Muet_3', 202, 'Lever le silence', 'Silence levé.'],
  ])('offers %s the lift of what is in force', async (pseudo, id, label, done) => {
    api.reply(`POST /api/moderation/users/${id}/lift`, 200, { message: done });
    renderAt('/admin/moderation');
    const row = within((await screen.findByText(pseudo)).closest('li')!);
    expect(row.queryByRole('button', { name: 'Lever la suspension' })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: label }));
    const dialog = within(await screen.findByRole('dialog', { name: `${label} de ${pseudo}` }));
    fireEvent.click(dialog.getByRole('button', { name: label }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/moderation/users/${id}/lift`)).toHaveLength(1);
  });

  it('shows a banned member as banned and a silenced one with the end of the silence', async () => {
    renderAt('/admin/moderation');
    const banned = within((await screen.findByText('Banni_1')).closest('li')!);
    expect(banned.getByText('Banni')).toBeVisible();
    const silenced = within((await screen.findByText('Muet_3')).closest('li')!);
    expect(silenced.getByText('Silence jusqu’au 03/06/2031')).toBeVisible();
  });

  it('names the news and contest actions and what an edit changed', async () => {
    api.reply('GET /api/moderation/audit', 200, {
      items: [
        {
          id: 3,
          createdAt: '2031-05-04T10:00:00.000Z',
          action: 'news.update',
          actor: { id: 1, pseudo: 'Modo' },
          targetType: 'news',
          targetId: '12',
          data: {
            titre: 'Victoire <à> Louis-II',
            authorId: 8,
            authorPseudo: 'Redac_06',
            changed: ['titre', 'contenu'],
            before: { titre: 'Victoire' },
            after: { titre: 'Victoire <à> Louis-II' },
          },
        },
        {
          id: 4,
          createdAt: '2031-05-04T11:00:00.000Z',
          action: 'contest.create',
          actor: { id: 8, pseudo: 'Redac_06' },
          targetType: 'contest',
          targetId: '3',
          data: { titre: 'Le maillot', dateFin: '2031-06-30T20:00:00.000Z' },
        },
      ],
      total: 2,
      page: 1,
      pageSize: 50,
    });
    renderAt('/admin/journal');
    expect(await screen.findByText('Actualité modifiée')).toBeVisible();
    expect(screen.getByText('par Modo, actualité de Redac_06')).toBeVisible();
    expect(
      screen.getByText('Modifié : titre (« Victoire » → « Victoire <à> Louis-II »), texte'),
    ).toBeVisible();
    expect(screen.getByText('Concours créé')).toBeVisible();
    expect(screen.getByText('par Redac_06')).toBeVisible();
  });

  it('lists the audit log and filters it by action', async () => {
    api.reply('GET /api/moderation/audit', 200, {
      items: [
        {
          id: 1,
          createdAt: '2031-05-04T08:00:00.000Z',
          action: 'moderation.user.ban',
          actor: { id: 1, pseudo: 'Modo' },
          targetType: 'user',
          targetId: '106',
          data: { pseudo: 'Bob_06', reason: 'Spam <massif>.' },
        },
        {
          id: 2,
          createdAt: '2031-05-04T09:00:00.000Z',
          action: 'moderation.user.lift',
          actor: null,
          targetType: 'user',
          targetId: '107',
          data: { automatic: true },
        },
      ],
      total: 2,
      page: 1,
      pageSize: 50,
    });
    renderAt('/admin/journal');
    expect(await screen.findByText('Bannissement')).toBeVisible();
    expect(screen.getByText('« Spam <massif>. »')).toBeVisible();
    expect(screen.getByText('par le système')).toBeVisible();
    expect(screen.getByText(/fin automatique/)).toBeVisible();
    fireEvent.change(screen.getByLabelText('Filtrer les actions'), {
      target: { value: 'moderation.user.ban' },
    });
    await waitFor(() =>
      expect(
        api.calls.some((c) =>
          c.path.includes('/api/moderation/audit?page=1&action=moderation.user.ban'),
        ),
      ).toBe(true),
    );
  });
});
