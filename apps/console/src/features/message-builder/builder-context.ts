import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { MessageBuilderActor, MessageBuilderSnapshot } from './machines/message-builder.machine';
import type { MessageBuilderApi } from './message-builder-api';

/** What the builder's steps share besides the machine: who is building, in which group. */
export interface BuilderEnvironment {
  readonly actor: MessageBuilderActor;
  /** For lookups the steps make themselves (users by name). */
  readonly api: MessageBuilderApi;
  readonly rootPermissions: readonly string[];
  /** The caller's group: its users are offered as individuals and quick report recipients. */
  readonly groupId: string;
  readonly settings: {
    readonly opening_text: string;
    readonly closing_text: string;
    readonly test_message_header: boolean;
    readonly noticeboard_numbers: readonly { phone_number: string }[];
    /** Whether the group's texts may carry (or always carry) the two-way link: the preview shows it as it is sent. */
    readonly two_way_sms?: boolean;
    readonly force_two_way_sms?: boolean;
  };
}

export const BuilderContext = createContext<BuilderEnvironment | null>(null);

export function useBuilder(): BuilderEnvironment {
  const environment = useContext(BuilderContext);
  if (!environment) throw new Error('A message builder step is shown outside the builder');
  return environment;
}

/** A read of the builder's machine. */
export function useBuilderSelector<T>(selector: (snapshot: MessageBuilderSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useBuilder().actor, selector, compare);
}

export const hasPermission = (environment: Pick<BuilderEnvironment, 'rootPermissions'>, permission: string) => environment.rootPermissions.includes(permission);

const NONE: readonly string[] = [];

/** The server's messages under one error key (or draft field), shown next to its field. */
export function useKeyErrors(key: string): readonly string[] {
  return useBuilderSelector((snapshot) => snapshot.context.errors[key] ?? NONE);
}
