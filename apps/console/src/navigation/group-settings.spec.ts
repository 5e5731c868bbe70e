import { describe, expect, it } from '@jest/globals';
import { readGroupAccessSettings } from './group-settings';

describe('readGroupAccessSettings', () => {
  it('reads send_verification_email and whether noticeboard numbers are present', () => {
    expect(readGroupAccessSettings('{"send_verification_email":true,"noticeboard_numbers":["+441234"]}')).toEqual({
      sendVerificationEmail: true,
      hasNoticeboardNumbers: true,
    });
  });

  it('treats an empty number list as no numbers', () => {
    expect(readGroupAccessSettings('{"noticeboard_numbers":[]}').hasNoticeboardNumbers).toBe(false);
  });

  it.each(['', 'not json', '[1,2]', 'null', '{"send_verification_email":"yes"}'])('grants nothing for %j', (settings) => {
    expect(readGroupAccessSettings(settings)).toEqual({ sendVerificationEmail: false, hasNoticeboardNumbers: false });
  });
});
