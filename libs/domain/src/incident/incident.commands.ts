import type { IncidentFormSnapshot } from '../incident-settings/form-snapshot';
import type { IncidentTemplateView } from '../incident-settings/incident-settings.views';
import type { Checked } from '../shared/field-messages';
import type { IncidentActor, RecordedIncidentStateName } from './incident.records';
import type { KnownUploads } from './known-uploads';

/**
 * Commands on one incident. Who, when, the caller's permission (display conditions of type
 * permission) and the module name (messages) come from the handler; every other value arrives
 * unchecked from the request and the decider validates it, so a wrong JSON type answers 400.
 */
interface IncidentCommandContext {
  readonly incidentId: string;
  /** null for a guest on the public incident template page. */
  readonly actor: IncidentActor | null;
  /** The caller's customer permission ('' for a guest). */
  readonly permission: string;
  /** The configured module name of the caller's customer group. */
  readonly moduleName: string;
  /** When the command was accepted (ISO 8601). */
  readonly at: string;
}

/** Saves of values: the uploads of the organisation their attachments name (see KnownUploads). */
interface IncidentValuesContext {
  /**
   * Upload records of the attachment keys the payload (and a template's presets) name, of the
   * incident's organisation only; an attachment naming any other key is refused.
   */
  readonly knownUploads: KnownUploads;
}

/** POST /incident/start/{form}/, PUT /start_incident_from_template/{template}/, the public start. */
export interface StartIncident {
  readonly type: 'StartIncident';
  readonly data: IncidentCommandContext &
    IncidentValuesContext & {
    readonly customerGroupId: string;
    /** Ids from the tenant root down to the incident's group: who reaches the incident. */
    readonly groupPath: readonly string[];
    readonly form: IncidentFormSnapshot;
    /** The template it starts from: its preset values go under the payload, its title is the default. */
    readonly template: Pick<IncidentTemplateView, 'id' | 'incident_title' | 'field_values'> | null;
    /** The order when the caller gives none: before the first incident of the list. */
    readonly defaultOrder: string;
    readonly title?: Checked<string | null>;
    readonly order?: Checked<string | null>;
    /** Entries `{field_group, field, values}`, each checked against the form by the decider. */
    readonly payload?: Checked<readonly unknown[] | null>;
    /** Ids of groups of the form, each checked by the decider. */
    readonly ignoredFieldGroups?: Checked<readonly unknown[] | null>;
  };
}

/** PUT /incident/{id}/: values, title and ignored field groups. */
export interface UpdateIncident {
  readonly type: 'UpdateIncident';
  readonly data: IncidentCommandContext &
    IncidentValuesContext & {
    /** The version the edit was based on; absent: the current one. */
    readonly version?: Checked<number | null>;
    readonly title?: Checked<string>;
    readonly payload?: Checked<readonly unknown[]>;
    readonly ignoredFieldGroups?: Checked<readonly unknown[] | null>;
  };
}

/** PATCH /incident/{id}/: state, title or order. */
export interface PatchIncident {
  readonly type: 'PatchIncident';
  readonly data: IncidentCommandContext & {
    readonly version?: Checked<number | null>;
    readonly state?: Checked<RecordedIncidentStateName>;
    readonly title?: Checked<string>;
    readonly order?: Checked<string>;
  };
}

export type IncidentCommand = StartIncident | UpdateIncident | PatchIncident;
