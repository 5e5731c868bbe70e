import { describe, expect, it } from '@jest/globals';
import { spokenText } from './spoken-text';

describe('the text a preview speaks', () => {
  it('says a short pause for each placeholder between hash marks', () => {
    expect(spokenText('Hello #first_name#, the river is rising.')).toBe('Hello , , the river is rising.');
    expect(spokenText('#a##b#')).toBe(', , ');
    expect(spokenText('Call #phone number# now')).toBe('Call ,  now');
  });

  it('keeps a lone hash mark, a pair across lines, ## and text without placeholders as they are', () => {
    expect(spokenText('Press # to repeat')).toBe('Press # to repeat');
    expect(spokenText('Press #\nthen # again')).toBe('Press #\nthen # again');
    expect(spokenText('Dial ## now')).toBe('Dial ## now');
    expect(spokenText('Flood warning')).toBe('Flood warning');
  });

  it('reads text made of hash marks in linear time', () => {
    const started = Date.now();
    expect(spokenText('#'.repeat(200_001))).toBe('#'.repeat(200_001));
    expect(spokenText('#a'.repeat(100_000)).length).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
