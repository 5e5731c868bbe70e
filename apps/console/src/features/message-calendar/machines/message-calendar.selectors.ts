import type { RunResultDto, ScenarioListEntryDto } from '@beacon/contracts';
import type { CalendarSnapshot } from './message-calendar.machine';

/** Narrow reads of the calendar machine, so the screen re-renders only when what it shows changes. */

export const selectEntries = (snapshot: CalendarSnapshot): readonly ScenarioListEntryDto[] | null => snapshot.context.entries;

export const selectResults = (snapshot: CalendarSnapshot): ReadonlyMap<string, RunResultDto> => snapshot.context.results;

export const selectLoadError = (snapshot: CalendarSnapshot): string | null => snapshot.context.error;

/** The list is being read (the first time, or again). */
export const selectLoading = (snapshot: CalendarSnapshot): boolean => snapshot.matches({ list: 'loading' });
