import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/RootLayout';
import { GuestOnly, RequireAuth } from './guards';
import { RouteError } from './layout/RouteError';
import { LoadingOverlay } from '../components/ui/LoadingOverlay';
import type { PageTitle } from './layout/pageTitle';

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

/** Spec section 2. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingOverlay fullScreen />,
    children: [
      { index: true, lazy: page(() => import('../features/home/pages/HomePage')) },
      {
        path: 'actualites',
        lazy: page(() => import('../features/news/pages/NewsPage'), 'Actualités'),
      },
      {
        path: 'jeu_prono',
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
        ],
      },
      {
        path: 'profil/:username',
        lazy: page(
          () => import('../features/profile/pages/ProfilePage'),
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
        // Operators' screens (MODERATEUR, ADMIN); the layout sends anyone else to /404.
        path: 'admin',
        lazy: page(() => import('../features/admin/AdminLayout'), 'Espace opérateurs'),
        children: [
          { index: true, element: <Navigate to="/admin/matchs" replace /> },
          {
            path: 'matchs',
            lazy: page(
              () => import('../features/admin/pages/AdminMatchesPage'),
              'Opérateurs · Matchs',
            ),
          },
          {
            path: 'classement',
            lazy: page(
              () => import('../features/admin/pages/AdminLeaguePage'),
              'Opérateurs · Classement',
            ),
          },
          {
            path: 'clubs',
            lazy: page(
              () => import('../features/admin/pages/AdminClubsPage'),
              'Opérateurs · Clubs',
            ),
          },
          {
            path: 'import',
            lazy: page(
              () => import('../features/admin/pages/AdminImportPage'),
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
