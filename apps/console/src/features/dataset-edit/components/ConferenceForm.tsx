import { SETTINGS_TEXT_MAX_LENGTH } from '@beacon/domain';
import { conferenceFormDefinition } from '../conference-form';
import type { FormServices } from '../form-services';
import { useForm } from '../use-form';
import { characterCount, Labelled, TextArea } from './form-parts';
import { FormFrame } from './FormFrame';

/** Conference: what a conference call says to an answering machine and to a person who answers. */
export function ConferenceForm({ services }: { services: FormServices }) {
  const form = useForm(() => conferenceFormDefinition(services), services.reportUnsaved);
  return (
    <FormFrame title="Conference" description="What a conference call of this dataset says when it is answered." form={form}>
      {(values) => (
        <>
          <Labelled
            label="Message for an answering machine"
            hint={characterCount(values.default_message_amd, SETTINGS_TEXT_MAX_LENGTH)}
            errors={form.errorsOf('default_message_amd')}
          >
            {(control) => (
              <TextArea {...control} value={values.default_message_amd} onChange={(event) => form.change({ default_message_amd: event.target.value })} />
            )}
          </Labelled>
          <Labelled
            label="Message for a person who answers"
            hint={characterCount(values.default_message_live, SETTINGS_TEXT_MAX_LENGTH)}
            errors={form.errorsOf('default_message_live')}
          >
            {(control) => (
              <TextArea {...control} value={values.default_message_live} onChange={(event) => form.change({ default_message_live: event.target.value })} />
            )}
          </Labelled>
        </>
      )}
    </FormFrame>
  );
}
