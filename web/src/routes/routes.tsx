import type { RouteObject } from 'react-router';
import { PAGES } from '../../../shared/permissions';
import { Shell } from '../layout/Shell';
import { NotFoundPage, RouteErrorPage } from '../pages/errors';
import { PageRoute } from './PageRoute';

/** Every page of the shared page table becomes a route inside the shell; anything else is 404. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <Shell />,
      errorElement: <RouteErrorPage />,
      children: [
        // The error element per page keeps the shell (navigation, top bar) around a failed page.
        ...PAGES.map((page) => ({ path: page.pattern, element: <PageRoute pageId={page.id} />, errorElement: <RouteErrorPage /> })),
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
