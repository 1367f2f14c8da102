import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { TEXTS } from '@munegu/shared';

/** Last resort when a page crashes or its chunk cannot load (e.g. after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="page page--narrow" style={{ textAlign: 'center' }}>
      <h1 className="page__title">
        {notFound ? TEXTS.generic.notFound : TEXTS.generic.unexpected}
      </h1>
      <p>{notFound ? '' : 'Recharge la page ou reviens plus tard.'}</p>
      <p>
        <Link className="btn btn--primary" to="/" reloadDocument>
          Retour à l’accueil
        </Link>
      </p>
    </main>
  );
}
