import type { HolidayCheck, ScenarioDraft } from '@beacon/domain';
import { Input, Select } from '../../../../shared-ui/form-controls';
import { CheckboxField, Fieldset, Labelled } from '../../../../shared-ui/labelled-controls';
import { useBuilder, useBuilderSelector, useKeyErrors } from '../../builder-context';
import { sameJson, selectCountries, selectDraft, selectScenarioId, selectScenarios } from '../../message-builder.selectors';
import { Columns, Flags, StepFrame } from '../StepFrame';
import { wholeNumber } from './SequenceStep';

/** Trigger: another message sent some minutes after this one; and the holiday and weekend checks of a send. */
export function TriggerStep() {
  const { actor } = useBuilder();
  const draft = useBuilderSelector(selectDraft);
  const scenarioId = useBuilderSelector(selectScenarioId);
  const scenarios = useBuilderSelector(selectScenarios, sameJson);
  const countries = useBuilderSelector(selectCountries, sameJson);
  const errors = useKeyErrors('trigger');
  const change = (patch: Partial<ScenarioDraft>) => actor.send({ type: 'builder.change', patch });
  const holiday = (patch: Partial<HolidayCheck>) => change({ holiday: { ...draft.holiday, ...patch } });
  const others = scenarios.filter((scenario) => scenario.id !== scenarioId);
  const country = countries.find((each) => each.code === draft.holiday.country);

  return (
    <StepFrame step="trigger" fieldKeys={['trigger']}>
      <Columns>
        <Labelled label="Message to trigger" hint="Sent after this message.">
          {(control) => (
            <Select {...control} value={draft.triggered_scenario ?? ''} onChange={(event) => change({ triggered_scenario: event.target.value === '' ? null : event.target.value })}>
              <option value="">None</option>
              {others.map((scenario) => (
                <option key={scenario.id} value={scenario.id}>
                  {scenario.name}
                  {scenario.is_real ? '' : ' (test)'}
                </option>
              ))}
            </Select>
          )}
        </Labelled>
        <Labelled label="Trigger after (minutes)" errors={errors}>
          {(control) => <Input {...control} type="number" min={0} step={1} value={draft.trigger_time} onChange={(event) => change({ trigger_time: wholeNumber(event.target.value) })} />}
        </Labelled>
      </Columns>
      <Fieldset>
        <legend>Holidays and weekends</legend>
        <Flags>
          <CheckboxField label="Check public holidays" checked={draft.holiday.check_holiday} onChange={(check_holiday) => holiday({ check_holiday })} />
          {draft.holiday.check_holiday && (
            <CheckboxField label="Move a send on a holiday to the next working day" checked={draft.holiday.reschedule_holiday} onChange={(reschedule_holiday) => holiday({ reschedule_holiday })} />
          )}
          <CheckboxField label="Check weekends" checked={draft.holiday.check_weekend} onChange={(check_weekend) => holiday({ check_weekend })} />
          {draft.holiday.check_weekend && (
            <CheckboxField label="Move a send at the weekend to the next working day" checked={draft.holiday.reschedule_weekend} onChange={(reschedule_weekend) => holiday({ reschedule_weekend })} />
          )}
        </Flags>
        {(draft.holiday.check_holiday || draft.holiday.check_weekend) && (
          <Columns>
            <Labelled label="Country">
              {(control) =>
                countries.length > 0 ? (
                  <Select {...control} value={draft.holiday.country} onChange={(event) => holiday({ country: event.target.value, subdivision: '' })}>
                    <option value="">Choose…</option>
                    {countries.map((each) => (
                      <option key={each.code} value={each.code}>
                        {each.name}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input {...control} value={draft.holiday.country} onChange={(event) => holiday({ country: event.target.value.toUpperCase() })} />
                )
              }
            </Labelled>
            {country && country.subdivisions.length > 0 && (
              <Labelled label="Region">
                {(control) => (
                  <Select {...control} value={draft.holiday.subdivision} onChange={(event) => holiday({ subdivision: event.target.value })}>
                    <option value="">The whole country</option>
                    {country.subdivisions.map((each) => (
                      <option key={each.code} value={each.code}>
                        {each.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Labelled>
            )}
          </Columns>
        )}
      </Fieldset>
    </StepFrame>
  );
}
