import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { formErrors, NO_FORM_ERRORS, type FormErrors } from '../../api/api-error';

export interface ServerForm<F extends string> {
  /** True from submit until the server has answered: the form's button is disabled meanwhile. */
  submitting: boolean;
  /** The server's errors of the last submit, by field and for the form as a whole. */
  errors: FormErrors<F>;
  /** Runs the call once at a time; its answer goes to `onSuccess`, its failure into `errors`. */
  submit: <T>(call: () => Promise<T>, onSuccess: (answer: T) => void) => void;
  /** For the form element: after a refused submit the first invalid field gets the focus. */
  formRef: RefObject<HTMLFormElement | null>;
}

/** A form whose submit is one server call, with the server's field errors next to the fields named in `fields`. */
export function useServerForm<F extends string>(fields: readonly F[]): ServerForm<F> {
  const [submitting, setSubmitting] = useState(false);
  const [errors, setErrors] = useState<FormErrors<F>>(NO_FORM_ERRORS);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldsRef = useRef(fields);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const submit = useCallback(<T,>(call: () => Promise<T>, onSuccess: (answer: T) => void) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setErrors(NO_FORM_ERRORS);
    call()
      .then(onSuccess, (error: unknown) => setErrors(formErrors(error, fieldsRef.current)))
      .finally(() => {
        inFlight.current = false;
        setSubmitting(false);
      });
  }, []);

  return { submitting, errors, submit, formRef };
}
