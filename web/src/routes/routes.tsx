import { Route, Routes } from 'react-router';
import { PAGES } from '../../../shared/permissions';
import { Shell } from '../layout/Shell';
import { NotFoundPage } from '../components/errors';
import { PageRoute } from './PageRoute';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/**
 * Every page of the shared page table becomes a route inside the shell; anything else is 404.
 * Declared as elements (no data router: the app has no loaders or actions, and the data router's
 * code would weigh on every page).
 */
export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Routes>
        <Route element={<Shell />}>
          {PAGES.map((page) => (
            // The error boundary per page keeps the shell (navigation, top bar) around a failed page.
            <Route
              key={page.id}
              path={page.pattern}
              element={
                <RouteErrorBoundary>
                  <PageRoute pageId={page.id} />
                </RouteErrorBoundary>
              }
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
