import type { AccessSubject } from '@beacon/domain';
import { SessionContext } from '../session/session-context';
import { sameAccessSubject, selectAccessSubject } from './navigation.selectors';

export function useSessionAccessSubject(): AccessSubject | null {
  return SessionContext.useSelector(selectAccessSubject, sameAccessSubject);
}
