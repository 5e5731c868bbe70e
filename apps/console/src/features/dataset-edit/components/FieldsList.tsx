import type { CustomerGroupFieldDto } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useId, useState } from 'react';
import { CellNote, DataTable } from '../../../shared-ui/DataTable';
import { LoadFailure, Note } from '../../../shared-ui/page-layout';
import { FIELD_TYPE_LABELS } from '../field-type-labels';
import type { FormServices } from '../form-services';
import { createLoadMachine } from '../machines/load.machine';

export type FieldsKind = 'devices' | 'data';


const TEXTS: Record<FieldsKind, { title: string; description: string; caption: string; none: string }> = {
  devices: {
    title: 'Devices',
    description: 'The contact fields that hold a phone number or an email address, and the devices each gives messages.',
    caption: 'Device fields',
    none: 'The dataset has no device fields.',
  },
  data: {
    title: 'Data',
    description: 'The contact fields that describe the dataset’s users, and the options each offers.',
    caption: 'Data fields',
    none: 'The dataset has no data fields.',
  },
};

/** A field yields devices (phone and email types) or holds data (the others). */
const isKind = (kind: FieldsKind) => (field: CustomerGroupFieldDto) => (kind === 'devices') === field.devices.length > 0;

/** Devices or Data: the dataset's contact fields of that kind, read only (they are changed where fields are managed). */
export function FieldsList({ kind, services }: { kind: FieldsKind; services: FormServices }) {
  const titleId = useId();
  const [logic] = useState(() => createLoadMachine(() => services.api.customerGroupFields(services.groupId)));
  const [snapshot, send] = useMachine(logic);
  const { data, loadError } = snapshot.context;
  const texts = TEXTS[kind];
  const fields = data?.filter(isKind(kind)) ?? [];
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.title}</h2>
      <Note>{texts.description}</Note>
      {snapshot.matches('loading') && <Note role="status">Loading the fields…</Note>}
      {loadError !== null && <LoadFailure text={loadError} onRetry={() => send({ type: 'load.retry' })} />}
      {data !== null && fields.length === 0 && <Note>{texts.none}</Note>}
      {fields.length > 0 && (
        <DataTable caption={texts.caption} busy={false}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Type</th>
              <th scope="col">{kind === 'devices' ? 'Devices' : 'Options'}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field.id}>
                <th scope="row">
                  {field.label}
                  {field.is_inherited && <CellNote>From a parent dataset</CellNote>}
                </th>
                <td>{FIELD_TYPE_LABELS[field.field_type]}</td>
                <td>{kind === 'devices' ? field.devices.map((device) => device.label).join(', ') : <Options field={field} />}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}

function Options({ field }: { field: CustomerGroupFieldDto }) {
  if (field.options.length === 0) return <>—</>;
  return (
    <>
      {field.options.map((option) => option.label + (option.excluded ? ' (not offered here)' : '')).join(', ')}
      {field.all_options_disabled && <CellNote>None of its options is offered in this dataset.</CellNote>}
    </>
  );
}
