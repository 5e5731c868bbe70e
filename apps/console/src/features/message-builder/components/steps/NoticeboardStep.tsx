import { voicesOf, type ScenarioNoticeboard } from '@beacon/domain';
import { Input, Select, TextArea } from '../../../../shared-ui/form-controls';
import { CheckboxField, Labelled } from '../../../../shared-ui/labelled-controls';
import { Note } from '../../../../shared-ui/page-layout';
import { hasPermission, useBuilder, useBuilderSelector, useKeyErrors } from '../../builder-context';
import { selectDraft } from '../../message-builder.selectors';
import { Columns, StepFrame } from '../StepFrame';
import { LanguageOptions, VoiceOptions } from '../SpeechOptions';

/** Noticeboard: the message also recorded on one of the group's audio noticeboard numbers (with Audio noticeboard). */
export function NoticeboardStep() {
  const environment = useBuilder();
  const { actor, settings } = environment;
  const board = useBuilderSelector((snapshot) => selectDraft(snapshot).noticeboard);
  const errors = useKeyErrors('noticeboard');
  const numbers = settings.noticeboard_numbers.map((number) => number.phone_number);
  const change = (patch: Partial<ScenarioNoticeboard>) => actor.send({ type: 'builder.change', patch: { noticeboard: { ...board, ...patch } } });
  const allowed = hasPermission(environment, 'Audio noticeboard') && numbers.length > 0;

  return (
    <StepFrame step="noticeboard" fieldKeys={['noticeboard']}>
      {!allowed ? (
        <Note>
          {hasPermission(environment, 'Audio noticeboard')
            ? 'The customer group has no noticeboard numbers.'
            : 'Audio noticeboards need the Audio noticeboard feature.'}
        </Note>
      ) : (
        <>
          <CheckboxField label="Update an audio noticeboard" checked={board.use_noticeboard} errors={board.use_noticeboard ? [] : errors} onChange={(use_noticeboard) => change({ use_noticeboard })} />
          {board.use_noticeboard && (
            <>
              <Columns>
                <Labelled label="Noticeboard number" errors={errors}>
                  {(control) => (
                    <Select {...control} value={board.noticeboard_number} onChange={(event) => change({ noticeboard_number: event.target.value })}>
                      <option value="">Choose…</option>
                      {numbers.map((number) => (
                        <option key={number} value={number}>
                          {number}
                        </option>
                      ))}
                    </Select>
                  )}
                </Labelled>
                <Labelled label="Noticeboard name">
                  {(control) => <Input {...control} value={board.name} onChange={(event) => change({ name: event.target.value })} />}
                </Labelled>
                <Labelled label="Noticeboard language">
                  {(control) => (
                    <Select
                      {...control}
                      value={board.language}
                      onChange={(event) => change({ language: event.target.value, default_noticeboard_message_voice: voicesOf(event.target.value)[0]?.value ?? board.default_noticeboard_message_voice })}
                    >
                      <LanguageOptions />
                    </Select>
                  )}
                </Labelled>
                <Labelled label="Noticeboard voice">
                  {(control) => (
                    <Select {...control} value={board.default_noticeboard_message_voice} onChange={(event) => change({ default_noticeboard_message_voice: event.target.value })}>
                      <VoiceOptions language={board.language} />
                    </Select>
                  )}
                </Labelled>
              </Columns>
              <Labelled label="Noticeboard message" hint="What callers to the number hear.">
                {(control) => <TextArea {...control} rows={3} value={board.message} onChange={(event) => change({ message: event.target.value })} />}
              </Labelled>
            </>
          )}
        </>
      )}
    </StepFrame>
  );
}
