import type {
  FieldGroupDto,
  FormRuleDto,
  FormSnapshotDto,
  IncidentFieldDto,
  IncidentFormDto,
  IncidentTemplateDto,
} from '@beacon/contracts';
import type {
  FieldGroupView,
  FormRuleView,
  IncidentFieldView,
  IncidentFormSnapshot,
  IncidentFormView,
  IncidentTemplateView,
} from '@beacon/domain';

/**
 * The domain declares the settings' shapes itself (it does not import contracts); these checks make
 * the compiler prove that each one is an API DTO with the same keys (the domain's may be narrower:
 * a display condition always carries every key, the DTO lets a request leave some out).
 */
type Same<A, B> = [A] extends [B] ? ([keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false) : false;
export const SETTINGS_SHAPES_MATCH: [
  Same<IncidentFieldView, IncidentFieldDto>,
  Same<FieldGroupView, FieldGroupDto>,
  Same<IncidentFormView, IncidentFormDto>,
  Same<FormRuleView, FormRuleDto>,
  Same<IncidentTemplateView, IncidentTemplateDto>,
  Same<IncidentFormSnapshot, FormSnapshotDto>,
] = [true, true, true, true, true, true];
