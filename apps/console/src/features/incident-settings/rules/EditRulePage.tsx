import { consoleRoute, routePageName } from '@beacon/contracts';
import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Page } from '../../../shared-ui/page-layout';
import { useSnackbar } from '../../../feedback/use-feedback';
import { useModuleNames } from '../../../navigation/use-module-names';
import { Note } from '../components/controls';
import { LoadFailure } from '../components/list-parts';
import { RULE_NOT_FOUND_TEXT, createEditRuleMachine } from '../machines/edit-rule.machine';
import { useIncidentSettingsApi } from '../use-incident-settings';
import { RuleEditor } from './RuleEditor';

const rulesPath = (formId?: string) => consoleRoute('incidents.settings.rules').path + (formId ? `?form=${encodeURIComponent(formId)}` : '');

/**
 * Edit rule (admins and operators): one form rule, found by its id (the link also names its form);
 * saving goes back to the form's rules.
 */
export default function EditRulePage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  // Another rule's address starts afresh.
  return <EditRule key={id} id={id} formHint={searchParams.get('form')} />;
}

function EditRule({ id, formHint }: { id: string; formHint: string | null }) {
  const api = useIncidentSettingsApi();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const moduleNames = useModuleNames();
  const [logic] = useState(() => createEditRuleMachine(api));
  const [snapshot, send, actor] = useMachine(logic, { input: { ruleId: id, formHint } });
  const { loaded, loadError, saveError } = snapshot.context;

  useEffect(() => {
    const subscription = actor.on('rule.saved', ({ rule, formId }) => {
      snackbar.show(`The rule “${rule.name}” was saved.`);
      navigate(rulesPath(formId));
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate, snackbar]);

  return (
    <Page aria-labelledby="edit-rule-title">
      <h1 id="edit-rule-title">
        {routePageName('incidents.ruleEdit', moduleNames)}
        {loaded && `: ${loaded.rule.name}`}
      </h1>
      {loaded && <Note>A rule of the form “{loaded.form.name}”.</Note>}
      {snapshot.matches('loading') && <Note role="status">Loading the rule…</Note>}
      {snapshot.matches('notFound') && <p role="alert">{RULE_NOT_FOUND_TEXT}</p>}
      {loadError && <LoadFailure error={loadError} onRetry={() => send({ type: 'rule.retry' })} />}
      {loaded && (
        <RuleEditor
          key={loaded.rule.id}
          title="Rule"
          initial={{
            name: loaded.rule.name,
            for_field: loaded.rule.for_field,
            type: loaded.rule.type,
            value: loaded.rule.value,
            message: loaded.rule.message,
          }}
          fields={loaded.fields}
          submitText="Save rule"
          saving={snapshot.matches('saving')}
          error={saveError}
          onSubmit={(values) => send({ type: 'rule.save', values })}
        >
          <Link to={rulesPath(loaded.form.id)}>Back to rules</Link>
        </RuleEditor>
      )}
      {!loaded && !snapshot.matches('loading') && <Link to={rulesPath()}>Back to rules</Link>}
    </Page>
  );
}
