import { describe, expect, it } from '@jest/globals';
import { ApiError, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from './api-error';
import { errorSummary, formRuleError, incidentCallError, incidentFieldError, unplacedMessages } from './incident-errors';

// The API client replaces a 500's body with the general text; the incident slots say their own.
const serverError = () => new ApiError(500, SERVER_ERROR_TEXT);

describe('incident error slots (spec §8)', () => {
  it('shows "An error occured." for a 500 on an incident field call', () => {
    expect(incidentFieldError(serverError())).toEqual({
      status: 500,
      data: 'An error occured. Please contact your administrator.',
      messages: ['An error occured. Please contact your administrator.'],
      fields: {},
    });
  });

  it('shows "An error occurred." for a 500 on a form, field group or template call', () => {
    expect(incidentCallError(serverError()).messages).toEqual(['An error occurred. Please contact your administrator.']);
  });

  it('shows the server’s message as the field error for other statuses of a field call', () => {
    const error = incidentFieldError(new ApiError(400, { detail: 'This field may not be blank.', label: ['This field may not be blank.'] }));

    expect(error.fields).toEqual({ label: ['This field may not be blank.'] });
    // The detail repeats the label's message: it is said once, next to the label.
    expect(error.messages).toEqual([]);
    expect(errorSummary(error)).toBe('This field may not be blank.');
  });

  it('keeps the server’s data, detail and field messages for other statuses', () => {
    const data = { detail: 'This form is used by incident templates. Delete them or give them another form first.' };
    const error = incidentCallError(new ApiError(400, data));

    expect(error).toEqual({ status: 400, data, messages: [data.detail], fields: {} });
  });

  it('shows a rule failure’s message, field, type and value messages as returned, with the status', () => {
    const error = formRuleError(
      new ApiError(400, {
        detail: 'The rule is not valid.',
        message: ['This field may not be blank.'],
        for_field: ['The field "x" is not on this form.'],
        type: ['"often" is not a rule type.'],
        value: ['Enter a whole number of at least 0.'],
      }),
    );

    expect(error.status).toBe(400);
    expect(error.messages).toEqual(['The rule is not valid.']);
    expect(error.fields).toEqual({
      message: ['This field may not be blank.'],
      for_field: ['The field "x" is not on this form.'],
      type: ['"often" is not a rule type.'],
      value: ['Enter a whole number of at least 0.'],
    });
    expect(unplacedMessages(error, ['message', 'for_field', 'value'])).toEqual(['The rule is not valid.', '"often" is not a rule type.']);
  });

  it('says when the server could not be reached, and falls back to the general text for anything else', () => {
    expect(incidentFieldError(new ApiError(0, NETWORK_ERROR_TEXT)).messages).toEqual([NETWORK_ERROR_TEXT]);
    expect(incidentCallError(new Error('boom')).messages).toEqual([SERVER_ERROR_TEXT]);
    expect(incidentFieldError(new Error('boom')).messages).toEqual(['An error occured. Please contact your administrator.']);
    expect(incidentCallError(new ApiError(404, { detail: 'Not found.' })).messages).toEqual(['Not found.']);
  });
});
