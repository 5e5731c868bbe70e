import { useEffect } from 'react';
import { useLogout } from '../../navigation/use-logout';

/** Spec: "A failed guard hides the layout and logs the user out." Renders nothing meanwhile. */
export function GuardFailure() {
  const logOut = useLogout();
  useEffect(() => logOut(), [logOut]);
  return null;
}
