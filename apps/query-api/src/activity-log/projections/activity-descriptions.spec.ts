import { describe, expect, it } from '@jest/globals';
import { EVENT_SCHEMA_VERSIONS } from '@beacon/domain';
import { AGGREGATE_ACTIVITY } from './activity-descriptions';

const described = AGGREGATE_ACTIVITY.flatMap((describers) => Object.keys(describers));

describe("the activity log's describers", () => {
  it('describe every event type the domain records, each with the describer of its own aggregate, and only those', () => {
    const recorded = Object.keys(EVENT_SCHEMA_VERSIONS).sort();
    expect([...described].sort()).toEqual(recorded);
    expect(new Set(described).size).toBe(described.length);
  });
});
