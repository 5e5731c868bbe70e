import type { FormRuleDto } from '@beacon/contracts';
import type { IncidentSettingsEvent } from '@beacon/domain';
import type { RecordedEvent } from '@beacon/event-store';
import type { Document, DocumentChange } from '@beacon/read-store';
import type { ProjectionDefinition } from '@beacon/projections';

/** GET /api/incidents/form/{form}/rules/ and /rules/field/{id}/: every form rule. */
export const INCIDENT_FORM_RULES = 'incident_form_rules';

export type FormRuleDocument = Document & FormRuleDto;

type Apply = (current: FormRuleDocument | null) => FormRuleDocument | null;

function ruleChanges(event: IncidentSettingsEvent): { id: string; apply: Apply }[] {
  switch (event.type) {
    case 'FormRuleCreated':
    case 'FormRuleChanged':
      return [{ id: event.data.rule.id, apply: () => ({ _id: event.data.rule.id, ...event.data.rule }) }];
    case 'FormRuleMoved':
      return [{ id: event.data.ruleId, apply: (rule) => rule && { ...rule, order: event.data.order } }];
    case 'FormRuleDeleted':
      return [{ id: event.data.ruleId, apply: () => null }];
    case 'IncidentFormDeleted':
      return event.data.ruleIds.map((id) => ({ id, apply: () => null }));
    default:
      return [];
  }
}

export const formRulesProjection: ProjectionDefinition = {
  name: 'incident-form-rules',
  collections: [INCIDENT_FORM_RULES],
  project(event: RecordedEvent): DocumentChange[] {
    const tenantId = String(event.metadata.tenantId);
    return ruleChanges({ type: event.type, data: event.data } as IncidentSettingsEvent).map(({ id, apply }) => ({
      collection: INCIDENT_FORM_RULES,
      tenantId,
      id,
      apply: apply as DocumentChange['apply'],
    }));
  },
};
