import type { ModuleNames } from '@beacon/contracts';
import { SessionContext } from '../session/session-context';
import { sameModuleNames, selectModuleNames } from './navigation.selectors';

/** The group's incident module names, as the access rules' titles take them. */
export function useModuleNames(): ModuleNames {
  return SessionContext.useSelector(selectModuleNames, sameModuleNames);
}
