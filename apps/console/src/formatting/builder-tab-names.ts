import type { MessageBuilderStep } from '@beacon/contracts';

/** The message builder's tab names (spec part 2 §2), in the steps' order: its tabs, and the tabs a refused send points to. */
export const BUILDER_TAB_NAMES: Readonly<Record<MessageBuilderStep, string>> = {
  settings: 'Settings',
  recipients: 'Recipients',
  devices: 'Devices',
  sequence: 'Sequence',
  content: 'Content',
  noticeboard: 'Noticeboard',
  trigger: 'Trigger',
  finish: 'Finish',
};
