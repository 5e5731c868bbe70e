import { NAME_DUPLICATE, SCENARIO_NAME_MAX_LENGTH } from '@beacon/domain';
import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../api/api-error';
import { copyName, freeCopyNumber, isNameTaken } from './template-copy';

describe('the name of a copy', () => {
  it('is “Copy of <name>”, then numbered from (2)', () => {
    expect(copyName(' Site evacuation ', 1)).toBe('Copy of Site evacuation');
    expect(copyName('Site evacuation', 2)).toBe('Copy of Site evacuation (2)');
  });

  it('shortens a long name so the whole still fits a message name', () => {
    const long = 'x'.repeat(SCENARIO_NAME_MAX_LENGTH);

    expect(copyName(long, 1)).toHaveLength(SCENARIO_NAME_MAX_LENGTH);
    expect(copyName(long, 12)).toHaveLength(SCENARIO_NAME_MAX_LENGTH);
    expect(copyName(long, 12).endsWith('x (12)')).toBe(true);
  });

  it('is the first one no message has, whatever the case, from the number asked', () => {
    expect(freeCopyNumber('Drill', [])).toBe(1);
    expect(freeCopyNumber('Drill', ['COPY OF DRILL', 'Copy of Drill (3)'])).toBe(2);
    expect(freeCopyNumber('Drill', ['Copy of Drill', 'Copy of Drill (2)', 'Copy of Drill (3) '])).toBe(4);
    expect(freeCopyNumber('Drill', ['Copy of Drill (3)'], 3)).toBe(4);
  });

  it('was taken when the server refuses it as a duplicate, not for another reason', () => {
    expect(isNameTaken(new ApiError(400, { name: [NAME_DUPLICATE] }))).toBe(true);
    expect(isNameTaken(new ApiError(400, { name: ['Ensure this field has no more than 100 characters.'] }))).toBe(false);
    expect(isNameTaken(new ApiError(500, 'An error occurred. Please contact your administrator.'))).toBe(false);
    expect(isNameTaken(new Error('offline'))).toBe(false);
  });
});
