import { describe, expect, it } from '@jest/globals';
import { ApiError, SERVER_ERROR_TEXT } from './api-error';
import { loadErrorText } from './load-error-text';

describe('loadErrorText', () => {
  it('adds what is wrong with each refused filter to the server’s message', () => {
    const error = new ApiError(400, { detail: 'Some filters are not valid.', date_to: ['The end date must not be before the start date.'] });
    expect(loadErrorText(error)).toBe('Some filters are not valid. The end date must not be before the start date.');
  });

  it('shows the server’s message for other refusals', () => {
    expect(loadErrorText(new ApiError(404, { detail: 'Not found.' }))).toBe('Not found.');
  });

  it('shows the spec’s text for a 500 or anything that is not an answer', () => {
    expect(loadErrorText(new ApiError(500, SERVER_ERROR_TEXT))).toBe('An error occurred. Please contact your administrator.');
    expect(loadErrorText(new TypeError('boom'))).toBe('An error occurred. Please contact your administrator.');
  });
});
