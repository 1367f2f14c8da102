import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router-dom';
import { prefetchLeagueTable, prefetchNextMatches, prefetchPastMatches } from '../features/matches';
import { prefetchContests, prefetchNews, prefetchNewsPage } from '../features/news';
import { prefetchPartner } from '../features/administration';
import { prefetchMemberProno } from '../features/predictions/prefetch';
import { RootLayout } from './layout/RootLayout';
import { GuestOnly, RequireAuth } from './guards';
import { RouteError } from './layout/RouteError';
import { LoadingOverlay } from '../components/ui/LoadingOverlay';
import type { PageTitle } from './layout/pageTitle';
import { prefetchLoader as prefetch } from '../lib/boot';
import { prefetchSiteInfo } from '../lib/site';

/**
 * Every page is its own chunk, loaded when its route is first visited; `title` names the page
 * in the browser's tab ('Jeu du prono – Munegu', RootLayout writes it), from the route's
 * parameters when a page is about someone ('Profil de …'). Each route's title is its own.
 */
function page(
  load: () => Promise<{ default: ComponentType }>,
  title?: PageTitle,
): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default, handle: { title } });
}

/**
 * Everything the home page shows a visitor, asked for at once beside the page's code: before,
 * the league table, news, contests and partner (and the operator's links) were only asked for when the page rendered, one
 * more round trip after the code, and on a phone's network the page's largest paint waited on
 * that chain (the requests had started before it).
 */
function prefetchHome(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    prefetchNextMatches(queryClient),
    prefetchLeagueTable(queryClient),
    prefetchNews(queryClient),
    prefetchContests(queryClient),
    prefetchPartner(queryClient),
    prefetchSiteInfo(queryClient),
  ]);
}

/** /jeu_prono: the past match panel paints beside the title, and a member's rankings below it. */
function prefetchProno(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([prefetchPastMatches(queryClient), prefetchMemberProno(queryClient)]);
}

/**
 * Spec section 2. The home and news routes prefetch their data into the app's query client
 * (tests mount the same routes in a memory router with theirs).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <LoadingOverlay fullScreen />,
      children: [
        {
          index: true,
          loader: prefetch(prefetchHome, queryClient),
          lazy: page(() => import('../features/home/pages/HomePage')),
        },
        {
          path: 'actualites',
          loader: prefetch(prefetchNewsPage, queryClient),
          lazy: page(() => import('../features/news/pages/NewsPage'), 'Actualités'),
        },
        {
          path: 'jeu_prono',
          loader: prefetch(prefetchProno, queryClient),
          lazy: page(() => import('../features/predictions/pages/PronoPage'), 'Jeu du prono'),
        },
        {
          path: 'contact',
          lazy: page(() => import('../features/contact/pages/ContactPage'), 'Contact'),
        },
        {
          element: <GuestOnly />,
          children: [
            {
              path: 'login',
              lazy: page(() => import('../features/account/pages/LoginPage'), 'Connexion'),
            },
          ],
        },
        {
          path: 'messages',
          lazy: page(() => import('../features/messages/pages/MessagesPage'), 'Messages'),
        },
        {
          path: 'messages/groupes/:groupId',
          lazy: page(() => import('../features/messages/pages/MessagesPage'), 'Groupe'),
        },
        {
          // A conversation with a member who deleted their account: reached by their id, since
          // their pseudo is gone (and every deleted account reads 'Utilisateur introuvable').
          path: 'messages/compte-supprime/:userId',
          lazy: page(() => import('../features/messages/pages/MessagesPage'), 'Messages'),
        },
        {
          path: 'messages/:username',
          lazy: page(
            () => import('../features/messages/pages/MessagesPage'),
            ({ username }) => `Messages avec ${username}`,
          ),
        },
        {
          element: <RequireAuth />,
          children: [
            {
              path: 'parametres',
              lazy: page(() => import('../features/settings/pages/SettingsPage'), 'Paramètres'),
            },
            // An antenna's coach trips (issue 30): its organisers and MODERATEUR+; the API
            // answers 403 to anyone else, and the pages then show /404.
            {
              path: 'mes-deplacements',
              lazy: page(
                () => import('../features/trips/organiser/pages/OrganiserPage'),
                'Mes déplacements',
              ),
            },
            {
              path: 'mes-deplacements/:id',
              lazy: page(
                () => import('../features/trips/organiser/pages/BoardingPage'),
                'Liste d’embarquement',
              ),
            },
          ],
        },
        {
          // A member suspended or banned while signed in (app/layout/SuspendedGate.tsx).
          path: 'compte-suspendu',
          lazy: page(
            () => import('../features/account/pages/SuspendedAccountPage'),
            'Compte suspendu',
          ),
        },
        {
          path: 'profil/:username',
          lazy: page(
            () => import('../features/profiles/pages/ProfilePage'),
            ({ username }) => `Profil de ${username}`,
          ),
        },
        {
          path: 'traitement-donnees',
          lazy: page(() => import('../features/legal/pages/PrivacyPage'), 'Traitement des données'),
        },
        {
          path: 'mentions-legales',
          lazy: page(() => import('../features/legal/pages/LegalNoticePage'), 'Mentions légales'),
        },
        {
          path: 'deletion-confirmed/:token',
          lazy: page(
            () => import('../features/account/pages/DeletionConfirmedPage'),
            'Suppression du compte',
          ),
        },
        {
          path: 'email-confirmed/:token',
          lazy: page(
            () => import('../features/account/pages/EmailConfirmedPage'),
            'Confirmation de l’adresse mail',
          ),
        },
        {
          path: 'new-password/:token',
          lazy: page(
            () => import('../features/account/pages/NewPasswordPage'),
            'Nouveau mot de passe',
          ),
        },
        {
          path: 'stop-notif/:token',
          lazy: page(() => import('../features/account/pages/StopNotifPage'), 'Désabonnement'),
        },
        {
          // Operators' screens (MODERATEUR, ADMIN); the layout sends anyone else to /404. Every
          // operator lands on the moderation queue.
          path: 'admin',
          lazy: page(() => import('../features/admin-matches/AdminLayout'), 'Espace opérateurs'),
          children: [
            { index: true, element: <Navigate to="/admin/moderation" replace /> },
            {
              path: 'matchs',
              lazy: page(
                () => import('../features/admin-matches/pages/AdminMatchesPage'),
                'Opérateurs · Matchs',
              ),
            },
            {
              path: 'classement',
              lazy: page(
                () => import('../features/admin-matches/pages/AdminLeaguePage'),
                'Opérateurs · Classement',
              ),
            },
            {
              path: 'clubs',
              lazy: page(
                () => import('../features/admin-matches/pages/AdminClubsPage'),
                'Opérateurs · Clubs',
              ),
            },
            {
              path: 'import',
              lazy: page(
                () => import('../features/admin-matches/pages/AdminImportPage'),
                'Opérateurs · Import',
              ),
            },
            // ADMIN only: the pages send moderators to /404 (and the API refuses them).
            {
              path: 'membres',
              lazy: page(
                () => import('../features/administration/pages/MembersPage'),
                'Opérateurs · Membres',
              ),
            },
            {
              path: 'referentiels',
              lazy: page(
                () => import('../features/administration/pages/ReferencesPage'),
                'Opérateurs · Référentiels',
              ),
            },
            {
              path: 'moderation',
              lazy: page(
                () => import('../features/moderation/pages/ModerationPage'),
                'Opérateurs · Modération',
              ),
            },
            {
              path: 'moderation/membres/:id',
              lazy: page(
                () => import('../features/moderation/pages/ModerationMemberPage'),
                'Opérateurs · Fiche membre',
              ),
            },
            {
              path: 'journal',
              lazy: page(
                () => import('../features/moderation/pages/ModerationJournalPage'),
                'Opérateurs · Journal',
              ),
            },
          ],
        },
        {
          path: '404',
          lazy: page(() => import('../features/errors/pages/NotFoundPage'), 'Page introuvable'),
        },
        { path: 'profil', element: <Navigate to="/404" replace /> },
        {
          path: '*',
          lazy: page(() => import('../features/errors/pages/NotFoundPage'), 'Page introuvable'),
        },
      ],
    },
  ];
}
