import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/RootLayout';
import { GuestOnly, RequireAuth } from './guards';
import { RouteError } from './layout/RouteError';
import { LoadingOverlay } from '../components/ui/LoadingOverlay';

/** Every page is its own chunk, loaded when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/** Spec section 2. Exported so tests can mount them in a memory router. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingOverlay fullScreen />,
    children: [
      { index: true, lazy: page(() => import('../features/home/pages/HomePage')) },
      { path: 'actualites', lazy: page(() => import('../features/news/pages/NewsPage')) },
      { path: 'jeu_prono', lazy: page(() => import('../features/predictions/pages/PronoPage')) },
      { path: 'contact', lazy: page(() => import('../features/contact/pages/ContactPage')) },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: page(() => import('../features/account/pages/LoginPage')) },
        ],
      },
      { path: 'messages', lazy: page(() => import('../features/messages/pages/MessagesPage')) },
      {
        path: 'messages/:username',
        lazy: page(() => import('../features/messages/pages/MessagesPage')),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'parametres',
            lazy: page(() => import('../features/settings/pages/SettingsPage')),
          },
        ],
      },
      {
        path: 'profil/:username',
        lazy: page(() => import('../features/profile/pages/ProfilePage')),
      },
      {
        path: 'traitement-donnees',
        lazy: page(() => import('../features/legal/pages/PrivacyPage')),
      },
      {
        path: 'mentions-legales',
        lazy: page(() => import('../features/legal/pages/LegalNoticePage')),
      },
      {
        path: 'deletion-confirmed/:token',
        lazy: page(() => import('../features/account/pages/DeletionConfirmedPage')),
      },
      {
        path: 'email-confirmed/:token',
        lazy: page(() => import('../features/account/pages/EmailConfirmedPage')),
      },
      {
        path: 'new-password/:token',
        lazy: page(() => import('../features/account/pages/NewPasswordPage')),
      },
      {
        path: 'stop-notif/:token',
        lazy: page(() => import('../features/account/pages/StopNotifPage')),
      },
      {
        // Operators' screens (MODERATEUR, ADMIN); the layout sends anyone else to /404.
        path: 'admin',
        lazy: page(() => import('../features/admin/AdminLayout')),
        children: [
          { index: true, element: <Navigate to="/admin/matchs" replace /> },
          { path: 'matchs', lazy: page(() => import('../features/admin/pages/AdminMatchesPage')) },
          {
            path: 'classement',
            lazy: page(() => import('../features/admin/pages/AdminLeaguePage')),
          },
          { path: 'clubs', lazy: page(() => import('../features/admin/pages/AdminClubsPage')) },
          { path: 'import', lazy: page(() => import('../features/admin/pages/AdminImportPage')) },
          // ADMIN only: the pages send moderators to /404 (and the API refuses them).
          {
            path: 'membres',
            lazy: page(() => import('../features/administration/pages/MembersPage')),
          },
          {
            path: 'referentiels',
            lazy: page(() => import('../features/administration/pages/ReferencesPage')),
          },
          {
            path: 'moderation',
            lazy: page(() => import('../features/moderation/pages/ModerationPage')),
          },
          {
            path: 'journal',
            lazy: page(() => import('../features/moderation/pages/ModerationJournalPage')),
          },
        ],
      },
      { path: '404', lazy: page(() => import('../features/errors/pages/NotFoundPage')) },
      { path: 'profil', element: <Navigate to="/404" replace /> },
      { path: '*', lazy: page(() => import('../features/errors/pages/NotFoundPage')) },
    ],
  },
];
