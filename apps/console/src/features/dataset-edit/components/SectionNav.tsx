import type { ConsoleRouteKey } from '@beacon/contracts';
import type { MouseEvent } from 'react';
import { SectionTabs } from '../../../shared-ui/SectionTabs';
import { sectionPath, type EditSection } from '../dataset-edit-sections';

interface SectionNavProps {
  label: string;
  sections: readonly EditSection[];
  /** The dataset's id. */
  id: string;
  /** The route shown: its link is the current page. */
  page: ConsoleRouteKey;
  /** The section the route is in (Settings for a settings screen), marked current too. */
  current?: ConsoleRouteKey;
  /** Before a link is followed: it may stop it (preventDefault). */
  onFollow?: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}

/** Tab-like links to the sections, the one shown marked as the current page. */
export function SectionNav({ label, sections, id, page, current = page, onFollow }: SectionNavProps) {
  const tabs = sections.map(({ routeKey, label: text }) => ({
    key: routeKey,
    label: text,
    to: sectionPath(routeKey, id),
    current: routeKey === page ? ('page' as const) : routeKey === current ? ('true' as const) : undefined,
  }));
  return <SectionTabs label={label} tabs={tabs} onFollow={onFollow} />;
}
