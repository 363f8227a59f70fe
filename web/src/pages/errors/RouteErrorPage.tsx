import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isNotFoundError } from '../../api/errors';
import { NotFoundPage } from './NotFoundPage';
import { ServerErrorPage } from './ServerErrorPage';

/** Pages may simply throw the error of their data; this turns it into the 404 or 500 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isNotFoundError(error) || (isRouteErrorResponse(error) && error.status === 404)) return <NotFoundPage />;
  console.error(error);
  return <ServerErrorPage error={error} />;
}
