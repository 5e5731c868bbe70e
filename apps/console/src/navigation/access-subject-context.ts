import { createContext, useContext } from 'react';
import type { AccessSubject } from '@beacon/domain';

/** The signed-in subject, provided once the route guard has let the user through. */
export const AccessSubjectContext = createContext<AccessSubject | null>(null);

export function useAccessSubject(): AccessSubject {
  const subject = useContext(AccessSubjectContext);
  if (!subject) throw new Error('useAccessSubject is for pages behind the route guard');
  return subject;
}
