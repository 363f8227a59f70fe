import { createContext, useContext } from 'react';
import type { Me } from '../data/me';

/** The signed-in user's record; set once /api/me has answered, so pages below never see it missing. */
export const CurrentUserContext = createContext<Me | null>(null);

export function useCurrentUser(): Me {
  const me = useContext(CurrentUserContext);
  if (!me) throw new Error('useCurrentUser outside the signed-in app');
  return me;
}
