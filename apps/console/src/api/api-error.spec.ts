import { describe, expect, it } from '@jest/globals';
import { ApiError, formErrors, NETWORK_ERROR_TEXT, SERVER_ERROR_TEXT } from './api-error';

const PASSWORD_FIELDS = ['new_password1', 'new_password2'] as const;

describe('formErrors', () => {
  it('puts each field’s messages next to it and leaves out the detail that repeats one of them', () => {
    const error = new ApiError(400, {
      detail: 'This password is too short. It must contain at least 8 characters.',
      new_password1: ['This password is too short. It must contain at least 8 characters.', 'This password is entirely numeric.'],
      new_password2: ['The two password fields didn’t match.'],
    });

    expect(formErrors(error, PASSWORD_FIELDS)).toEqual({
      fields: {
        new_password1: ['This password is too short. It must contain at least 8 characters.', 'This password is entirely numeric.'],
        new_password2: ['The two password fields didn’t match.'],
      },
      messages: [],
    });
  });

  it('shows non-field errors and errors of fields the form does not have at the top, once', () => {
    const link = 'This password reset link has expired. Please request a new one.';
    expect(formErrors(new ApiError(400, { detail: link, token: [link] }), PASSWORD_FIELDS)).toEqual({ fields: {}, messages: [link] });

    const locked = 'This account is locked after too many failed sign-in attempts. Please ask your administrator to unlock it.';
    expect(formErrors(new ApiError(400, { detail: locked, non_field_errors: [locked] }), ['code'])).toEqual({ fields: {}, messages: [locked] });
  });

  it('keeps a detail that adds to the field errors', () => {
    const error = new ApiError(400, { detail: 'Some required fields are missing.', new_password2: ['This field is required.'] });

    expect(formErrors(error, PASSWORD_FIELDS)).toEqual({
      fields: { new_password2: ['This field is required.'] },
      messages: ['Some required fields are missing.'],
    });
  });

  it.each([
    ['a 500', new ApiError(500, SERVER_ERROR_TEXT), SERVER_ERROR_TEXT],
    ['no answer', new ApiError(0, NETWORK_ERROR_TEXT), NETWORK_ERROR_TEXT],
    ['an empty error body', new ApiError(400, {}), SERVER_ERROR_TEXT],
    ['something that is not an API error', new TypeError('boom'), SERVER_ERROR_TEXT],
  ])('shows the general text for %s', (_case, error, text) => {
    expect(formErrors(error, PASSWORD_FIELDS)).toEqual({ fields: {}, messages: [text] });
  });
});
