import {
  ROUTES,
  type CustomerGroupDto,
  type CustomerGroupFieldDto,
  type HolidayCountryDto,
  type RecipientsCountAnswerDto,
  type RecipientsCountRequest,
  type RouteDefinition,
  type ScenarioDto,
  type ScenarioListEntryDto,
  type UploadedAttachmentDto,
  type UserDto,
  type UserListItemDto,
  type UserListPageDto,
} from '@beacon/contracts';
import type { ScenarioDraft } from '@beacon/domain';
import type { ApiClient } from '../../api/api-client';

/** POST /api/ttsaudio/: the text a voice call would speak, in the chosen language and voice. */
export interface SpeechRequest {
  readonly text: string;
  readonly voice: string;
  readonly language: string;
}

/** How many users one search of Individuals (and the quick report's recipients) shows. */
export const USER_SEARCH_PAGE_SIZE = 20;

/** The calls of the message builder (spec part 2 §7 "Scenarios and sending"; fields; users; customer groups). */
export interface MessageBuilderApi {
  scenario(id: string): Promise<ScenarioDto>;
  createScenario(draft: ScenarioDraft): Promise<ScenarioDto>;
  /** PUT with the whole draft: what the builder shows is what is kept. */
  changeScenario(id: string, draft: ScenarioDraft): Promise<ScenarioDto>;
  /** Every message of the caller's groups (the trigger step names one). */
  scenarios(): Promise<ScenarioListEntryDto[]>;
  /** Answers when the name is free; a duplicate fails with 400 and the message under `name`. */
  checkName(query: { name: string; scenarioId: string | null; isReal: boolean }): Promise<void>;
  recipientsCount(request: RecipientsCountRequest): Promise<RecipientsCountAnswerDto>;
  /** The contact fields of a group with the devices each yields (admins and operators only). */
  contactFields(groupId: string): Promise<CustomerGroupFieldDto[]>;
  customerGroups(): Promise<CustomerGroupDto[]>;
  /** Users of the group and the groups below it whose address string holds the text. */
  searchUsers(groupId: string, text: string): Promise<UserListItemDto[]>;
  /** "First Last <email>" of each user of the ids (a user out of reach or gone is left out). */
  userLabels(ids: readonly string[]): Promise<Map<string, string>>;
  /** The voice text spoken, as a WAV file. */
  speak(request: SpeechRequest): Promise<Blob>;
  /** The countries (and their regions) the holiday check knows. */
  holidayCountries(): Promise<HolidayCountryDto[]>;
  /** A file from this device for a message (multipart `file`): an SMS's image or an email's file. */
  uploadAttachment(channel: 'sms' | 'email', file: File): Promise<UploadedAttachmentDto>;
}

/** How the builder names a user: as the users list does. */
export const userLabel = (user: Pick<UserDto, 'first_name' | 'last_name' | 'email'>) => `${user.first_name} ${user.last_name} <${user.email}>`.trim();

const withId = (route: RouteDefinition, id: string) => route.path.replace(':id', encodeURIComponent(id));

export function messageBuilderApi(api: ApiClient): MessageBuilderApi {
  return {
    scenario: (id) => api.send(ROUTES.scenario.method, withId(ROUTES.scenario, id)),
    createScenario: (draft) => api.send(ROUTES.createScenario.method, ROUTES.createScenario.path, draft),
    changeScenario: (id, draft) => api.send(ROUTES.changeScenario.method, withId(ROUTES.changeScenario, id), draft),
    scenarios: () => api.send(ROUTES.scenarios.method, `${ROUTES.scenarios.path}?page_size=all`),
    checkName: async ({ name, scenarioId, isReal }) => {
      const query = new URLSearchParams({ name, is_real: String(isReal) });
      if (scenarioId !== null) query.set('scenario_id', scenarioId);
      await api.send(ROUTES.scenarioName.method, `${ROUTES.scenarioName.path}?${query.toString()}`);
    },
    recipientsCount: (request) => api.send(ROUTES.recipientsCount.method, ROUTES.recipientsCount.path, request),
    contactFields: (groupId) => api.send(ROUTES.customerGroupFields.method, withId(ROUTES.customerGroupFields, groupId)),
    customerGroups: () => api.send(ROUTES.customerGroups.method, ROUTES.customerGroups.path),
    searchUsers: async (groupId, text) => {
      const query = new URLSearchParams({ all: 'true', items_per_page: String(USER_SEARCH_PAGE_SIZE), page_number: '1' });
      if (text.trim() !== '') query.set('search_by_address_string', text.trim());
      const page = await api.send<UserListPageDto>(ROUTES.customerGroupUsers.method, `${withId(ROUTES.customerGroupUsers, groupId)}?${query.toString()}`);
      return page.data;
    },
    userLabels: async (ids) => {
      const users = await Promise.all(ids.map((id) => api.send<UserDto>(ROUTES.user.method, withId(ROUTES.user, id)).catch(() => null)));
      return new Map(users.filter((user): user is UserDto => user !== null).map((user) => [user.id, userLabel(user)]));
    },
    speak: async (request) => (await api.fetchFile(ROUTES.ttsAudio.method, ROUTES.ttsAudio.path, request)).blob,
    holidayCountries: () => api.send(ROUTES.holidayCountries.method, ROUTES.holidayCountries.path),
    uploadAttachment: (channel, file) => {
      const route = channel === 'sms' ? ROUTES.uploadSmsAttachment : ROUTES.uploadEmailAttachment;
      const form = new FormData();
      form.append('file', file);
      return api.sendForm(route.method, route.path, form);
    },
  };
}
