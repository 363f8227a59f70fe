export { NotFoundPage } from './NotFoundPage';
export { ServerErrorPage } from './ServerErrorPage';
export { RouteErrorPage } from './RouteErrorPage';
