import type { UserData } from '@liveedu/api-client';
import { createContext, useContext } from 'react';

export interface ProfileUser {
  user: UserData;
  /** Reads the user again, after a change made on one of the profile pages. */
  reload: () => void;
}

export const ProfileUserContext = createContext<ProfileUser | null>(null);

/** The logged-in user the profile frame loaded, shared with the pages inside the frame. */
export function useProfileUser(): ProfileUser {
  const value = useContext(ProfileUserContext);
  if (!value) throw new Error('useProfileUser is used outside the profile frame');
  return value;
}
