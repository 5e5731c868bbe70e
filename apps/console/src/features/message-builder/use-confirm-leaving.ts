import { useEffect } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import type { DialogControls } from '../../feedback/use-feedback';

export const LEAVE_UNSAVED_TEXT = 'Your changes are not saved. Leave this page without saving them?';

/**
 * While the draft is unsaved, leaving the builder asks first: the browser asks before the page is
 * reloaded or closed, and a link of the console that leads out of the builder (the menu, a
 * breadcrumb) asks in the console's dialog. Links between the builder's steps do not ask: the
 * draft stays with the builder.
 */
export function useConfirmLeaving(unsaved: boolean, builderPath: string, dialog: DialogControls) {
  const navigate = useNavigate();
  const base = useHref('/').replace(/\/$/, '');
  useEffect(() => {
    if (!unsaved) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.origin !== window.location.origin) return;
      const inConsole = base === '' || anchor.pathname === base || anchor.pathname.startsWith(`${base}/`);
      if (!inConsole) return;
      const path = anchor.pathname.slice(base.length) || '/';
      if (path === builderPath || path.startsWith(`${builderPath}/`)) return;
      event.preventDefault();
      event.stopPropagation();
      dialog.alert({ message: LEAVE_UNSAVED_TEXT, acceptText: 'Leave', declineText: 'Stay', onAccept: () => navigate(`${path}${anchor.search}`) });
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', follow, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', follow, true);
    };
  }, [unsaved, builderPath, base, dialog, navigate]);
}
