import type { ScenarioPageDto } from '@beacon/contracts';
import type { TemplatesSnapshot } from './message-templates.machine';

/** Narrow reads of the message templates machine, so each part of the screen re-renders only when what it shows changes. */

export const selectPage = (snapshot: TemplatesSnapshot): ScenarioPageDto | null => snapshot.context.page;

export const selectLoadError = (snapshot: TemplatesSnapshot): string | null => snapshot.context.error;

/** A page is loading (the first, the next, or the same again). */
export const selectLoading = (snapshot: TemplatesSnapshot): boolean => snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: 'retrying' });

/** The message being copied, and the one being deleted: while either runs, the rows offer no other action. */
export const selectCopyingId = (snapshot: TemplatesSnapshot): string | null => snapshot.context.copying?.template.id ?? null;

export const selectDeletingId = (snapshot: TemplatesSnapshot): string | null => snapshot.context.deleting?.id ?? null;
