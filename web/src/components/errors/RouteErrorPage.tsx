import { isNotFoundError } from '../../api/errors';
import { NotFoundPage } from './NotFoundPage';
import { ServerErrorPage } from './ServerErrorPage';

/** Pages may simply throw the error of their data; this turns it into the 404 or 500 page. */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (isNotFoundError(error)) return <NotFoundPage />;
  return <ServerErrorPage error={error} />;
}
