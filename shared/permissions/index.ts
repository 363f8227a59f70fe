export * from './pages';
export * from './scope';
export * from './pages-access';
export * from './landing';
export * from './navigation';
export * from './actions';
