/**
 * Incidents (incidents.routes.ts): the list and its filters, one incident and its history, new
 * incidents, starts and saves, reports, the PDF and attachments. The values of a save are checked
 * against the incident's form by the decider (libs/domain/src/incident): here only their shape.
 */
import {
  INCIDENT_STATES,
  INCIDENT_TEXT_MAX_LENGTH,
  INCIDENT_TITLE_MAX_LENGTH,
  NOT_A_LIST,
  NOT_A_STRING,
  NOT_AN_INTEGER,
  ORDER_INVALID,
  REQUIRED,
} from '@beacon/domain';
import { z } from 'zod';
import type { INCIDENTS_ROUTES } from '../routes/incidents.routes';
import {
  ErrorResponseSchema,
  checked,
  checkedByReader,
  checkedOrder,
  described,
  json,
  named,
  optionalText,
  requiredText,
  type ApiFeature,
} from './api-schema';
import {
  FieldChoiceOptionSchema,
  FieldGroupSchema,
  FormRuleSchema,
  IncidentFieldTypeSchema,
} from './incident-settings.schemas';
import { DIRECT_UPLOAD_FIELDS, DIRECT_UPLOAD_NOTE, UPLOAD_ANSWERS, UploadedAttachmentSchema, uploadForm, uploadJsonBody } from './uploads.schemas';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const IncidentStateSchema = named(
  'IncidentState',
  z.enum(['draft', ...INCIDENT_STATES]),
  'draft only for a new incident that has not been started.',
);
export const RecordedIncidentStateSchema = named('RecordedIncidentState', z.enum(INCIDENT_STATES));

export const IncidentActorSchema = named('IncidentActor', z.object({ id: z.string(), name: z.string() }));

export const IncidentValueEntrySchema = named(
  'IncidentValueEntry',
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    UploadedAttachmentSchema,
    z.object({ value: z.unknown(), is_expired: z.boolean().optional() }),
  ]),
  'Text, a number, true/false, an option id (SINGLESELECT, MULTISELECT), an ISO date, time or date-time, or an attachment.',
);

export const IncidentFieldValueSchema = named(
  'IncidentFieldValue',
  z.object({ field: z.string(), field_group: z.string(), field_type: IncidentFieldTypeSchema, values: z.array(IncidentValueEntrySchema) }),
);

export const SnapshotFieldSchema = named(
  'SnapshotField',
  z.object({ id: z.string(), label: z.string(), field_type: IncidentFieldTypeSchema, is_pii: z.boolean(), options: z.array(FieldChoiceOptionSchema) }),
);

export const FormSnapshotSchema = named(
  'FormSnapshot',
  z.object({
    id: z.string(),
    name: z.string(),
    field_groups: z.array(FieldGroupSchema),
    fields: described(z.record(z.string(), SnapshotFieldSchema), 'Every field the groups map, by id.'),
    rules: z.array(FormRuleSchema),
  }),
  'The form as it was when the incident started: later changes to the settings do not change what an incident shows.',
);

export const IncidentSchema = named(
  'Incident',
  z.object({
    id: described(z.string().nullable(), 'null for a new incident that has not been started yet.'),
    name: described(z.string(), 'The name of the form it was started from.'),
    title: z.string(),
    incident_title: z.string(),
    state: IncidentStateSchema,
    form: z.string(),
    template: z.string().nullable(),
    order: z.string(),
    customer_group: z.string(),
    form_snapshot: FormSnapshotSchema,
    field_values: z.array(IncidentFieldValueSchema),
    ignored_field_groups: z.array(z.string()),
    version: described(z.number().int(), 'The number of changes recorded; a save sends the version it was based on.'),
    created_at: z.string().nullable(),
    created_by: IncidentActorSchema.nullable(),
    updated_at: z.string().nullable(),
    updated_by: IncidentActorSchema.nullable(),
  }),
);

export const IncidentListItemSchema = named(
  'IncidentListItem',
  z.object({
    id: z.string(),
    name: z.string(),
    title: z.string(),
    incident_title: z.string(),
    state: IncidentStateSchema,
    form: z.string(),
    order: z.string(),
    customer_group: z.string(),
    version: z.number().int(),
    created_at: z.string(),
    created_by: IncidentActorSchema.nullable(),
    updated_at: z.string(),
    updated_by: IncidentActorSchema.nullable(),
  }),
);

export const IncidentPageSchema = named(
  'IncidentPage',
  z.object({ data: z.array(IncidentListItemSchema), number_of_pages: z.number().int(), count: z.number().int() }),
);

export const IncidentChangeSchema = named(
  'IncidentChange',
  z.object({
    field: described(z.string(), "A field id, or 'state', 'incident_title', 'ignored_field_groups'."),
    label: z.string(),
    field_group: z.string().optional(),
    field_group_title: z.string().optional(),
    from: z.string(),
    to: z.string(),
  }),
);

export const IncidentHistorySchema = named(
  'IncidentHistory',
  z.object({
    entries: z.array(
      z.object({
        version: z.number().int(),
        at: z.string(),
        actor: IncidentActorSchema.nullable(),
        kind: z.enum(['started', 'updated', 'state_changed', 'title_changed', 'moved']),
        changes: z.array(IncidentChangeSchema),
      }),
    ),
  }),
);

export const IncidentReportSummarySchema = named(
  'IncidentReportSummary',
  z.object({
    total: z.number().int(),
    by_state: z.record(z.string(), z.number().int()),
    by_form: z.array(z.object({ form: z.string(), name: z.string(), count: z.number().int() })),
    incidents: z.array(IncidentListItemSchema),
  }),
);

export const IncidentConflictSchema = named(
  'IncidentConflict',
  z.object({
    detail: z.string(),
    conflicting_fields: described(z.array(z.string()), 'The fields (ids) someone else changed since the version the save was based on.'),
    incident: IncidentSchema,
  }),
  'The save would overwrite what someone else changed: nothing was saved; the incident as it now is.',
);

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

export const IncidentValueRequestSchema = named(
  'IncidentValueRequest',
  z.union([
    described(z.string(), `Text (at most ${INCIDENT_TEXT_MAX_LENGTH} characters), a number as text, an option id, or an ISO date, time or date-time.`),
    z.number(),
    z.boolean(),
    z.null(),
    z.object({ value: z.unknown(), is_expired: z.boolean().optional() }),
    z.object({
      key: z.string().regex(/\S/),
      name: z.string().regex(/\S/),
      url: z.string().optional(),
      created_at: z.string().optional(),
      size: z.number().optional(),
      content_type: z.string().optional(),
    }),
  ]),
  'One value, suited to the field\'s type; blank ones and `{"value": …, "is_expired": true}` are dropped. An attachment names the key and name its upload answered.',
);

export const IncidentPayloadEntrySchema = named(
  'IncidentPayloadEntry',
  z.object({
    field: z.string(),
    field_group: z.string(),
    values: z.array(IncidentValueRequestSchema),
  }),
  'The values of a field of one of the form\'s field groups, each pair once.',
);

// The values of a start or save are checked(): the decider answers a refused one along with its own
// messages (values that do not suit their fields, groups not in the form), all in one 400.

const PAYLOAD_DESCRIPTION = 'A list of IncidentPayloadEntry: the values of a field of one of the field groups, each pair once.';
/** The entries of a save, which must have them; the decider checks each against the form, naming the group and field. */
const savedPayload = () =>
  described(checked(z.array(z.unknown(), { error: (issue) => (issue.input === undefined ? REQUIRED : NOT_A_LIST) })), PAYLOAD_DESCRIPTION);
/** The entries of a start: left out or null for none. */
const startPayload = () => described(checked(z.array(z.unknown(), { error: NOT_A_LIST }).nullable()), PAYLOAD_DESCRIPTION).optional();
const ignoredFieldGroups = () =>
  described(checked(z.array(z.unknown(), { error: NOT_A_LIST }).nullable()), 'Ids of field groups of the form whose values are not kept.').optional();
const startTitle = () =>
  described(checked(optionalText(INCIDENT_TITLE_MAX_LENGTH)), "Left out, null or blank: the template's incident title, else the form's name.");
const changedTitle = () => checked(requiredText(INCIDENT_TITLE_MAX_LENGTH)).optional();
const baseVersion = () =>
  described(
    checked(z.number().refine(Number.isInteger, { error: NOT_AN_INTEGER }).nullable()),
    'The version the edit was based on (a whole number from 1); left out, the current one.',
  ).optional();

export const NewIncidentRequestSchema = named(
  'NewIncidentRequest',
  z.object({
    form: z.string({ error: (issue) => (issue.input === undefined ? REQUIRED : NOT_A_STRING) }).min(1, { error: REQUIRED }),
    order: checkedOrder(),
    incident_title: startTitle(),
  }),
);

export const StartIncidentRequestSchema = named(
  'StartIncidentRequest',
  z.object({
    incident_title: startTitle(),
    order: checkedOrder(),
    payload: startPayload(),
    ignored_field_groups: ignoredFieldGroups(),
  }),
  "The incident's first values; a template's preset values fill in what the payload leaves out.",
);

export const PublicStartIncidentRequestSchema = named(
  'PublicStartIncidentRequest',
  z.object({ incident_title: startTitle(), payload: startPayload(), ignored_field_groups: ignoredFieldGroups() }),
);

export const UpdateIncidentRequestSchema = named(
  'UpdateIncidentRequest',
  z.object({ version: baseVersion(), incident_title: changedTitle(), payload: savedPayload(), ignored_field_groups: ignoredFieldGroups() }),
  'Fields sent unchanged from `version` are no change; a field someone else changed since answers 409.',
);

export const PatchIncidentRequestSchema = named(
  'PatchIncidentRequest',
  z.object({
    version: baseVersion(),
    state: checked(RecordedIncidentStateSchema).optional(),
    incident_title: changedTitle(),
    order: described(checked(z.string({ error: ORDER_INVALID }).regex(/^[a-z]+$/, { error: ORDER_INVALID })), 'An ordering key: one or more lowercase letters a-z.').optional(),
  }),
  'Any of state, title and order; each change is a version of its own.',
);

const recordedStates = () => z.union([RecordedIncidentStateSchema, z.array(RecordedIncidentStateSchema), z.literal('')]).nullable().optional();
const DAY_OR_INSTANT = /^\s*(?:\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?)?\s*$/;
const createdBound = (which: string) =>
  described(z.string().regex(DAY_OR_INSTANT), `${which} on the creation time: YYYY-MM-DD (inclusive, UTC) or an ISO 8601 date and time with its offset.`)
    .nullable()
    .optional();

const criteria = {
  state: recordedStates(),
  form: z.string().nullable().optional(),
  created_from: createdBound('From'),
  created_to: createdBound('To'),
};

export const IncidentFiltersSchema = named(
  'IncidentFilters',
  z.object({ ...criteria, search: described(z.string().max(200), 'In the title and the form name, in any case.').nullable().optional() }),
  'Null or "" means no filter.',
);

/** Checked by the incident reader's criteria (apps/query-api incident-list-query.ts), which answers each problem with its own text. */
export const IncidentReportSummaryRequestSchema = named('IncidentReportSummaryRequest', checkedByReader(criteria));

/** A whole number in the query string (one, not repeated): "A valid integer is required." otherwise. */
const wholeNumberText = (pattern: RegExp) => z.string({ error: NOT_AN_INTEGER }).regex(pattern, { error: NOT_AN_INTEGER });
const AT_LEAST_ONE = 'Ensure this value is greater than or equal to 1.';

export const IncidentListQuerySchema = z.object({
  items_per_page: described(wholeNumberText(/^\s*(?:\d*|all)\s*$/i), 'Incidents per page; left out, 0 or All: every incident on one page.').optional(),
  page: described(
    wholeNumberText(/^\s*\d*\s*$/).refine((text) => !/^\s*\d+\s*$/.test(text) || Number(text) >= 1, { error: AT_LEAST_ONE }),
    'The page, from 1.',
  ).optional(),
});

/** The list's paging and, as JSON text, its filters (IncidentFilters). */
export const FilteredIncidentListQuerySchema = IncidentListQuerySchema.extend({
  filters: z.string({ error: 'The filters must be a JSON object.' }).optional(),
});

export const IncidentVersionQuerySchema = z.object({
  version: described(wholeNumberText(/^\d*$/), 'The incident as it stood at this version.').optional(),
});

/** The detail of a PDF request whose version is refused. */
export const PDF_VERSION_DETAIL = 'The version is not valid.';

/** The version of a PDF: the body's, else the query's (a whole number from 1). */
export const IncidentPdfRequestSchema = named(
  'IncidentPdfRequest',
  z.object({
    version: described(
      z.union(
        [
          // A safe integer: larger numbers are not whole numbers JSON keeps.
          z.number().int({ error: NOT_AN_INTEGER }).min(1, { error: NOT_AN_INTEGER }),
          z.string().regex(/^\s*\d*\s*$/, { error: NOT_AN_INTEGER }),
        ],
        { error: NOT_AN_INTEGER },
      ),
      'The incident as it stood at this version (from 1).',
    )
      .nullable()
      .optional(),
  }),
);

export const IncidentPdfQuerySchema = z.object({
  version: described(z.union([z.string(), z.array(z.string())]), 'The version (from 1), when the body names none.').optional(),
});


const fileReference = () => described(z.union([z.string().max(200), z.number()]), 'An id (text or a number).').nullable().optional();

export const IncidentFileDataSchema = named(
  'IncidentFileData',
  z.object({ incident: fileReference(), field: fileReference(), subdomain: fileReference(), ...DIRECT_UPLOAD_FIELDS }),
  `What the file is attached to. ${DIRECT_UPLOAD_NOTE}`,
);

export const GuestFileDataSchema = named(
  'GuestFileData',
  z.object({
    subdomain: described(z.union([z.string().regex(/\S/).max(200), z.number()]), 'The subdomain of the public template page.'),
    incident: fileReference(),
    field: fileReference(),
  }),
  'The template page the file is for.',
);

export const IncidentUploadFormSchema = named('IncidentUploadForm', uploadForm(IncidentFileDataSchema, false));
export const IncidentUploadJsonSchema = named('IncidentUploadJson', uploadJsonBody(IncidentFileDataSchema));
export const GuestUploadFormSchema = named('GuestUploadForm', uploadForm(GuestFileDataSchema, true));

const SAVE_ERRORS = 'Values that do not suit their fields (messages under payload), a required value missing (`missing`), or broken form rules (`rule_errors`).';
const incidentConflict = { description: 'Someone else changed the same values since `version`.', schema: IncidentConflictSchema };

export const INCIDENTS_API = {
  tag: 'Incidents',
  description: 'Incidents: the list, one incident and its history, starting and saving, reports, the PDF and attachments.',
  routes: {
    incidents: {
      summary: 'The incident list',
      description: "The incidents in the caller's reach, in list order.",
      query: IncidentListQuerySchema,
      responses: { 200: json(IncidentPageSchema, 'A page of incidents.') },
    },
    filteredIncidents: {
      summary: 'The incident list, filtered',
      query: IncidentListQuerySchema,
      jsonQuery: { filters: IncidentFiltersSchema },
      responses: { 200: json(IncidentPageSchema, 'A page of the matching incidents.') },
    },
    incident: {
      summary: 'An incident',
      query: IncidentVersionQuerySchema,
      responses: { 200: json(IncidentSchema, 'The incident (as it stood at `version`, when given).') },
    },
    incidentHistory: { summary: "An incident's history", responses: { 200: json(IncidentHistorySchema, 'Who changed what, when.') } },
    newIncident: {
      summary: 'A new incident from a form, to fill in',
      description: 'Nothing is recorded: start it with POST /api/incidents/incident/start/{id}/.',
      body: NewIncidentRequestSchema,
      responses: { 200: json(IncidentSchema, 'The new incident, in state draft.') },
    },
    newIncidentFromTemplate: {
      summary: 'A new incident from a template, to fill in',
      responses: { 200: json(IncidentSchema, "The new incident, with the template's preset values.") },
    },
    startIncident: {
      summary: 'Start an incident from a form',
      body: StartIncidentRequestSchema,
      bodyOptional: true,
      responses: { 201: json(IncidentSchema, 'The incident, active.') },
      errors: { 400: { description: SAVE_ERRORS, schema: ErrorResponseSchema } },
    },
    startIncidentFromTemplate: {
      summary: 'Start an incident from a template',
      body: StartIncidentRequestSchema,
      bodyOptional: true,
      responses: { 200: json(IncidentSchema, 'The incident, active.') },
      errors: { 400: { description: SAVE_ERRORS, schema: ErrorResponseSchema } },
    },
    updateIncident: {
      summary: "Save an incident's values",
      body: UpdateIncidentRequestSchema,
      responses: { 200: json(IncidentSchema, 'The incident as it now stands.') },
      errors: { 400: { description: `${SAVE_ERRORS} A closed incident cannot be changed.`, schema: ErrorResponseSchema }, 409: incidentConflict },
    },
    patchIncident: {
      summary: "Change an incident's state, title or order",
      body: PatchIncidentRequestSchema,
      responses: { 200: json(IncidentSchema, 'The incident as it now stands.') },
      errors: { 409: incidentConflict },
    },
    incidentReportSummary: {
      summary: 'Incident report: counts and the matching incidents',
      body: IncidentReportSummaryRequestSchema,
      bodyOptional: true,
      responses: { 200: json(IncidentReportSummarySchema, 'Counts by state and form, and the incidents.') },
    },
    generateIncidentPdf: {
      summary: 'An incident as a PDF',
      body: IncidentPdfRequestSchema,
      bodyOptional: true,
      query: IncidentPdfQuerySchema,
      responses: { 200: { description: "The PDF, in the caller's words and timezone.", file: 'application/pdf' } },
    },
    uploadIncidentAttachment: {
      summary: 'Upload an incident attachment',
      description: 'Up to 20 MB.',
      multipart: IncidentUploadFormSchema,
      body: IncidentUploadJsonSchema,
      responses: UPLOAD_ANSWERS,
    },
    incidentAttachment: {
      summary: 'Download an incident attachment',
      description: "Always as a download. Another organisation's key answers 404.",
      responses: { 200: { description: 'The file, of its own type.', file: '*/*' } },
    },
    uploadAttachmentFromTemplate: {
      summary: 'Upload an attachment on a public incident template page',
      description: 'A guest always sends the file itself. Limited per client address: past the limits, 429 with Retry-After.',
      multipart: GuestUploadFormSchema,
      responses: { 201: { description: 'The file is stored.', schema: UploadedAttachmentSchema } },
      errors: { 429: { description: 'Too many uploads from this address: wait as Retry-After says.', headers: { 'Retry-After': 'Seconds to wait.' } } },
    },
    startPublicIncidentFromTemplate: {
      summary: 'Start an incident on a public incident template page',
      body: PublicStartIncidentRequestSchema,
      bodyOptional: true,
      responses: { 201: json(IncidentSchema, 'The incident, active.') },
      errors: { 400: { description: SAVE_ERRORS, schema: ErrorResponseSchema } },
    },
  },
} as const satisfies ApiFeature<keyof typeof INCIDENTS_ROUTES>;
