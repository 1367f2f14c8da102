import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testCarpoolDriver, testConfirmedCarpool, testMatchInfo } from '../../../test/fixtures';
import { accessToken, fakeApi, renderAt, signIn, type FakeApi } from '../../../test/harness';
import { UNSAVED } from '../../../components/ui/Dialog';

let api: FakeApi;
const profile = (over: object = {}) => ({
  id: 5,
  username: 'Bob_06',
  profile_picture: null,
  note_covoiturage: null,
  departement: '06',
  poste: 'Capo',
  antennes: [
    { id: 2, nom: 'Nice', categorie: 'Antennes' },
    { id: 3, nom: 'Paris', categorie: 'Antennes' },
  ],
  created_at: '2023-03-15T10:00:00Z',
  description: 'Tribune Nord',
  titres: [
    { libelle: 'Fondateur', couleur: '#E2001A', importance: 1 },
    { libelle: 'Président', couleur: '#0000FF', importance: 9 },
    { libelle: 'Capo', couleur: '#00AA00', importance: 5 },
    { libelle: 'Ancien', couleur: '#999999', importance: 3 },
  ],
  x_username: 'bob_x',
  insta_username: null,
  classement_prono: null,
  totalUsers: 0,
  pts_prono: 0,
  role: { libelle: 'UTILISATEUR' },
  ...over,
});

beforeEach(() => {
  api = fakeApi();
  api.reply('POST /api/auth/refresh', 401, { message: 'Session expirée' });
  api.reply('GET /api/users/by-username/Bob_06', 200, profile());
  api.reply('GET /api/antennes', 200, [
    { id: 1, nom: 'Ultras', categorie: 'Groupes' },
    { id: 2, nom: 'Nice', categorie: 'Antennes' },
    { id: 3, nom: 'Paris', categorie: 'Antennes' },
  ]);
});

/** XMLHttpRequest as the avatar upload uses it: each request sent is kept, to be answered. */
function fakeXhr() {
  const sent: { headers: Record<string, string>; body: unknown }[] = [];
  const instances: FakeXhr[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    withCredentials = false;
    status = 0;
    statusText = '';
    responseText = '';
    headers: Record<string, string> = {};
    open() {}
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      sent.push({ headers: this.headers, body });
      instances.push(this);
    }
    answer(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, instances };
}

describe('public profile', () => {
  it('shows the sidebar: antennas, member since, titles by importance, handles', async () => {
    renderAt('/profil/Bob_06');
    expect(await screen.findByRole('heading', { name: 'Bob_06', level: 1 })).toBeVisible();
    expect(screen.getByText('Nice')).toBeVisible();
    expect(screen.getByText(/Membre depuis mars 2023/i)).toBeVisible();
    const titles = () =>
      within(screen.getByRole('complementary'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(titles().slice(0, 3)).toEqual(['Président', 'Capo', 'Ancien']);
    expect(titles()).not.toContain('Fondateur');
    fireEvent.click(screen.getByRole('button', { name: 'Voir plus' }));
    expect(titles()).toContain('Fondateur');
    fireEvent.click(screen.getByRole('button', { name: 'Voir moins' }));
    expect(screen.getByRole('link', { name: /@bob_x/ })).toHaveAttribute(
      'href',
      'https://x.com/bob_x',
    );
    expect(
      screen.getByText("Bob_06 n'a assisté à aucun match au stade cette saison."),
    ).toBeVisible();
  });

  it('sends an unknown or deleted pseudo to /404', async () => {
    const router = renderAt('/profil/Personne');
    await screen.findByRole('heading', { name: 'Page introuvable' });
    expect(router.state.location.pathname).toBe('/404');
    const second = renderAt('/profil/utilisateur_supprime_12');
    await waitFor(() => expect(second.state.location.pathname).toBe('/404'));
  });
});

const stadiumMatch = (matchId: number, date: string, transport: object, over: object = {}) => ({
  match_id: matchId,
  date,
  domicile: true,
  score: '2-1',
  match: {
    club_adverse: { nom: 'OGC Nice', logo: null },
    score_reel: { buts_dom: 2, buts_ext: 1 },
  },
  transport: {
    libelle_transport: 'VOITURE',
    libelle_antenne: null,
    conducteur: null,
    passagers: [],
    ...transport,
  },
  ...over,
});
const stadium = {
  matchs: [
    stadiumMatch(31, '2026-09-12T19:00:00Z', { libelle_transport: 'BUS', libelle_antenne: 'Nice' }),
    stadiumMatch(32, '2026-09-26T19:00:00Z', { libelle_transport: 'BUS' }, { domicile: false }),
    stadiumMatch(33, '2026-10-04T15:00:00Z', {
      libelle_transport: 'COVOITURAGE',
      conducteur: { username: 'Zoe_98', avatar: null },
      passagers: [
        { username: 'Bob_06', avatar: null },
        { username: 'utilisateur_Supprime_4', avatar: null },
      ],
    }),
    stadiumMatch(34, '2026-10-18T15:00:00Z', { libelle_transport: 'A PIED' }, { score: null }),
  ],
  trajets: { honores: 3, total: 4 },
};

describe('stadium matches and past carpools', () => {
  it('shows the cards, the transport lines, the carpools and the honoured trips', async () => {
    api.reply('GET /api/users/by-username/Bob_06', 200, profile({ note_covoiturage: 4.75 }));
    api.reply('POST /api/users/my-covoiturage', 200, stadium);
    renderAt('/profil/Bob_06');
    const side = within(await screen.findByRole('complementary'));
    expect(await side.findByText('Trajets honorés : 3/4')).toBeVisible();
    // One decimal, French comma: what the MuneguMap writes for the same average.
    expect(side.getByText('Covoiturage : 4,8/5')).toBeVisible();
    expect(api.callsTo('POST /api/users/my-covoiturage')[0]?.body).toEqual({ publicId: 'Bob_06' });

    const cards = within(screen.getByRole('region', { name: 'Mes matchs au stade' }));
    expect(cards.getByText('12/09/2026')).toBeVisible();
    expect(cards.getByText('En bus - Nice')).toBeVisible();
    expect(cards.getByText('En bus - public')).toBeVisible();
    expect(cards.getByText('Extérieur')).toBeVisible();
    expect(cards.getByText('En covoiturage')).toBeVisible();
    expect(cards.getByText('À pied')).toBeVisible();
    expect(cards.getAllByText('Score : 2-1')).toHaveLength(3);
    // Someone else's carpool: the members popup reads the caller's own carpool only.
    expect(cards.queryByRole('button', { name: /Voir les membres/ })).toBeNull();

    const rides = within(screen.getByRole('region', { name: 'Covoiturages passés' }));
    expect(rides.getAllByRole('listitem')).toHaveLength(1);
    const ride = rides.getByText('04/10/2026 · Domicile · OGC Nice · 2 - 1');
    expect(ride).toBeVisible();
    // The score's spaces do not break: « 2 » and « - 1 » never land on two lines.
    expect(ride.textContent).toContain('2\u00a0-\u00a01');
    expect(rides.getByRole('link', { name: 'Zoe_98' })).toHaveAttribute('href', '/profil/Zoe_98');
    expect(rides.getByRole('link', { name: 'Bob_06' })).toBeVisible();
    expect(rides.getByText('Utilisateur introuvable')).toBeVisible();
  });

  it('says when there is no carpool', async () => {
    api.reply('POST /api/users/my-covoiturage', 200, {
      matchs: [stadium.matchs[0]],
      trajets: { honores: 0, total: 0 },
    });
    renderAt('/profil/Bob_06');
    expect(
      await screen.findByText("Bob_06 n'a effectué aucun covoiturage cette saison."),
    ).toBeVisible();
    expect(screen.queryByText(/Trajets honorés/)).toBeNull();
  });

  it('opens the members of a carpool on the own profile', async () => {
    signIn(api, { id: 5, username: 'Bob_06' });
    api.reply('POST /api/users/my-covoiturage', 200, stadium);
    const carpool = testConfirmedCarpool({
      matchId: 33,
      vehicule: testCarpoolDriver(8, 'Zoe_98', { places_dispo: 0 }),
      isModifiable: false,
    });
    api.reply('GET /api/user-to-user-match/mon-covoiturage-confirme', 200, carpool);
    renderAt('/profil/Bob_06');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Voir les membres du covoiturage du 04/10/2026' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Membres du covoiturage' }));
    expect(await dialog.findByRole('link', { name: 'Zoe_98' })).toBeVisible();
    expect(
      api.callsTo('GET /api/user-to-user-match/mon-covoiturage-confirme?match_id=33'),
    ).toHaveLength(1);
  });

  it('keeps an unrated past carpool ratable from the own profile', async () => {
    signIn(api, { id: 5, username: 'Bob_06' });
    api.reply('POST /api/users/my-covoiturage', 200, stadium);
    const answer = testMatchInfo({ nb_pers: 1, has_relation: true, has_confirmed: true });
    api.reply('GET /api/users/infos-utilisateur', 200, answer);
    api.reply('GET /api/user-to-user-match/mon-covoiturage-confirme', 200, null);
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'NOTE TON COVOITURAGE' }));
    expect(await screen.findByRole('dialog', { name: 'NOTE TON COVOITURAGE' })).toBeVisible();
    expect(api.callsTo('GET /api/users/infos-utilisateur?match_id=33')).toHaveLength(1);
  });
});

describe("another member's profile", () => {
  beforeEach(() => {
    signIn(api, { id: 9, username: 'Moi_06' });
    api.reply('GET /api/motifs-signalement/profil', 200, [
      { id: 11, label: 'Propos insultants' },
      { id: 12, label: 'Autre' },
    ]);
  });

  it('links to the conversation and reports with a confirmation step', async () => {
    api.reply('POST /api/user-signalement', 200, { message: 'Signalement envoyé avec succès.' });
    renderAt('/profil/Bob_06');
    expect(await screen.findByRole('link', { name: /Envoyer un message/ })).toHaveAttribute(
      'href',
      '/messages/Bob_06',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Signaler' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    expect(
      dialog.getByText('Veuillez sélectionner un motif valide pour le signalement.'),
    ).toBeVisible();
    fireEvent.click(await dialog.findByRole('radio', { name: 'Autre' }));
    fireEvent.change(dialog.getByLabelText('Précise le motif'), { target: { value: 'bof' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    expect(dialog.getByText(/entre 10 et 255 caractères/)).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Précise le motif'), {
      target: { value: '  Il usurpe le pseudo d’un autre membre  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    expect(dialog.getByText('Confirmer le signalement de ce profil ?')).toBeVisible();
    expect(api.callsTo('POST /api/user-signalement')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Signalement envoyé avec succès.')).toBeVisible();
    expect(api.callsTo('POST /api/user-signalement')[0]?.body).toEqual({
      to: 5,
      motifId: 12,
      customReason: 'Il usurpe le pseudo d’un autre membre',
      section: 'profil',
    });
  });

  /** Bob's profile reported for 'Propos insultants', confirmed. */
  async function reportInsults() {
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Propos insultants' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
  }

  it('says so when the member’s earlier report about this profile is still open', async () => {
    const already = 'Tu as déjà signalé ce profil : les modérateurs examinent ton signalement.';
    api.reply('POST /api/user-signalement', 200, { message: already });
    await reportInsults();
    expect(await screen.findByText(already)).toBeVisible();
    expect(screen.queryByText('Signalement envoyé avec succès.')).toBeNull();
  });

  it('joins a list of server errors with commas', async () => {
    api.reply('POST /api/user-signalement', 400, {
      message: 'Données invalides',
      errors: [
        { path: 'to', message: 'Erreur A' },
        { path: 'motifId', message: 'Erreur B' },
      ],
    });
    await reportInsults();
    expect(await screen.findByText('Erreur A, Erreur B')).toBeVisible();
  });

  it('brings the form back with the reason typed when the report is refused', async () => {
    api.reply('POST /api/user-signalement', 429, {
      message: 'Tu as déjà signalé ce membre récemment.',
    });
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Autre' }));
    fireEvent.change(dialog.getByLabelText('Précise le motif'), {
      target: { value: 'Il usurpe le pseudo d’un autre membre' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Tu as déjà signalé ce membre récemment.',
    );
    expect(dialog.getByLabelText('Précise le motif')).toHaveValue(
      'Il usurpe le pseudo d’un autre membre',
    );
    expect(dialog.getByRole('radio', { name: 'Autre' })).toBeChecked();
    // Sent again as it is, once more.
    api.reply('POST /api/user-signalement', 200, { message: 'Signalement envoyé avec succès.' });
    fireEvent.click(dialog.getByRole('button', { name: 'Signaler' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText('Signalement envoyé avec succès.')).toBeVisible();
    expect(api.callsTo('POST /api/user-signalement')).toHaveLength(2);
  });

  it('asks before Escape drops a reason written out; « Continuer la saisie » keeps it', async () => {
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Signaler' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(await dialog.findByRole('radio', { name: 'Autre' }));
    const reason = dialog.getByLabelText('Précise le motif');
    fireEvent.change(reason, { target: { value: 'Il usurpe le pseudo d’un autre membre' } });
    fireEvent.keyDown(reason, { key: 'Escape' });
    const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
    fireEvent.click(within(question).getByRole('button', { name: UNSAVED.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(dialog.getByLabelText('Précise le motif')).toHaveValue(
      'Il usurpe le pseudo d’un autre membre',
    );
  });
});

describe('own profile', () => {
  beforeEach(() => signIn(api, { id: 5, username: 'Bob_06' }));

  it('edits description, handles and antennas with the spec messages', async () => {
    api.reply('PATCH /api/users/me', 200, { message: 'Modifications enregistrées !' });
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier mon profil' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('12 / 500')).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Pseudo X'), { target: { value: 'x' } });
    expect(await dialog.findByText("Le pseudo X n'est pas valide.")).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Pseudo Instagram'), { target: { value: 'a b' } });
    expect(await dialog.findByText("Le pseudo Instagram n'est pas valide.")).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Description'), {
      target: { value: '<script>alert(1)</script>' },
    });
    expect(
      await dialog.findByText('Votre description contient des caractères interdits.'),
    ).toBeVisible();
    fireEvent.change(dialog.getByLabelText('Description'), { target: { value: 'Virage sud' } });
    fireEvent.change(dialog.getByLabelText('Pseudo X'), { target: { value: 'bob.x' } });
    fireEvent.change(dialog.getByLabelText('Pseudo Instagram'), { target: { value: '' } });

    fireEvent.click(dialog.getByRole('button', { name: 'Choisir mes antennes' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Mes antennes' }));
    expect(picker.getByRole('checkbox', { name: 'Ultras' })).toBeDisabled();
    fireEvent.click(picker.getByRole('checkbox', { name: 'Paris' }));
    fireEvent.click(picker.getByRole('checkbox', { name: 'Ultras' }));
    fireEvent.click(picker.getByRole('button', { name: 'Valider' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Modifications enregistrées !')).toBeVisible();
    expect(api.callsTo('PATCH /api/users/me')[0]?.body).toEqual({
      description: 'Virage sud',
      x_username: 'bob.x',
      insta_username: null,
      antennes: [2, 1],
    });
  });

  it('asks before Escape drops an edited description; « Abandonner » sends nothing', async () => {
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier mon profil' }));
    const dialog = within(await screen.findByRole('dialog'));
    const description = dialog.getByLabelText('Description');
    fireEvent.change(description, { target: { value: 'Virage sud depuis 1998' } });
    fireEvent.keyDown(description, { key: 'Escape' });
    const question = await screen.findByRole('alertdialog', { name: UNSAVED.title });
    fireEvent.click(within(question).getByRole('button', { name: UNSAVED.discard }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PATCH /api/users/me')).toHaveLength(0);
  });

  it('says the changes could not be saved when the server refuses', async () => {
    api.reply('PATCH /api/users/me', 500, { message: 'boom' });
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier mon profil' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Impossible d'enregistrer les modifications.")).toBeVisible();
  });

  it('refuses a file that is not an image in an accepted format, without uploading', async () => {
    const open = vi.spyOn(XMLHttpRequest.prototype, 'open');
    renderAt('/profil/Bob_06');
    await screen.findByText('Changer ma photo');
    const input = document.getElementById('avatar-file') as HTMLInputElement;
    const gif = new File(['GIF89a'], 'anim.gif', { type: 'image/gif' });
    fireEvent.change(input, { target: { files: [gif] } });
    expect(
      await screen.findByText(
        'Format de fichier non autorisé. Formats acceptés : PNG, JPG, JPEG, WEBP.',
      ),
    ).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the upload progress, then the success message', async () => {
    const { sent, instances } = fakeXhr();
    renderAt('/profil/Bob_06');
    await screen.findByText('Changer ma photo');
    const input = document.getElementById('avatar-file') as HTMLInputElement;
    const png = new File(['png'], 'moi.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(instances).toHaveLength(1));
    const xhr = instances[0]!;
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    expect((sent[0]?.body as FormData).get('file')).toBe(png);
    act(() =>
      xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 } as ProgressEvent),
    );
    expect(screen.getByRole('progressbar', { name: 'Envoi de la photo' })).toHaveAttribute(
      'value',
      '40',
    );
    act(() => {
      xhr.status = 200;
      xhr.responseText = JSON.stringify({
        profile_picture: '/uploads/avatar/5-abcdefgh.webp?v=1',
        message: 'Photo de profil mise à jour avec succès !',
      });
      xhr.onload?.();
    });
    expect(await screen.findByText('Photo de profil mise à jour avec succès !')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('renews a refused token once and sends the photo again, as every other call does', async () => {
    const { instances } = fakeXhr();
    const fresh = accessToken(3600, 'fresh');
    api.reply('POST /api/auth/refresh', 200, { access_token: fresh });
    renderAt('/profil/Bob_06');
    await screen.findByText('Changer ma photo');
    const input = document.getElementById('avatar-file') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['png'], 'moi.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(instances).toHaveLength(1));
    act(() => instances[0]!.answer(401, { message: 'Session expirée.', code: 'UNAUTHENTICATED' }));
    await waitFor(() => expect(instances).toHaveLength(2));
    expect(instances[1]!.headers.Authorization).toBe(`Bearer ${fresh}`);
    act(() =>
      instances[1]!.answer(200, {
        profile_picture: '/uploads/avatar/5-abcdefgh.webp?v=2',
        message: 'Photo de profil mise à jour avec succès !',
      }),
    );
    expect(await screen.findByText('Photo de profil mise à jour avec succès !')).toBeVisible();
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('removes the avatar, or says it could not', async () => {
    api.reply(
      'GET /api/users/by-username/Bob_06',
      200,
      profile({ profile_picture: '/uploads/avatar/5-abcdefgh.webp?v=1' }),
    );
    api.reply('DELETE /api/users/profile-picture', 500, { message: 'boom' });
    renderAt('/profil/Bob_06');
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer ma photo' }));
    expect(await screen.findByText('Erreur lors de la suppression de la photo.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    api.reply('DELETE /api/users/profile-picture', 200, { message: 'ok' });
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer ma photo' }));
    expect(await screen.findByText('Photo de profil supprimée avec succès.')).toBeVisible();
  });
});
