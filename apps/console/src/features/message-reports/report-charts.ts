import type { SessionAggregateDto } from '@beacon/contracts';
import { DELIVERY_FAILURE, displayInstant, EXCLUDED_USERS, NO_RESPONSE, RECIPIENT_STATES } from '@beacon/domain';

/** One bar: what it counts, how many, and its colour. */
export interface Bar {
  readonly label: string;
  /** The axis's shorter label (a time without its date). */
  readonly tick: string;
  readonly count: number;
  readonly color: string;
}

/*
 * Every colour is at least 4.5:1 against the white surface, so a bar reads as well as its label does
 * (WCAG 1.4.11 asks 3:1 of graphics); green, blue and purple stay apart for red-green colour blindness
 * by lightness as well as hue, and each chart has its numbers as text too.
 */
const GREEN = '#2e7d32';
const BLUE = '#1565c0';
const PURPLE = '#6a1b9a';
const RED = '#b00020';
const GREY = '#5f6b7a';
const BROWN = '#8a4b08';
const TEAL = '#00695c';

const STATE_COLORS: Readonly<Record<string, string>> = {
  'Successful Delivery': GREEN,
  'Successful Connection': BLUE,
  'Conference Rejected': PURPLE,
  'Delivery Failure': RED,
  Pending: GREY,
};

const REPLY_COLORS: Readonly<Record<string, string>> = { [NO_RESPONSE]: GREY, [DELIVERY_FAILURE]: RED, [EXCLUDED_USERS]: BROWN };
const ANSWER_COLORS = [GREEN, BLUE, PURPLE, TEAL];

const rank = (state: string) => {
  const index = (RECIPIENT_STATES as readonly string[]).indexOf(state);
  return index < 0 ? RECIPIENT_STATES.length : index;
};

/** People by state, in the order a person goes through them (the spec's four, then Pending). */
export function stateBars(aggregate: SessionAggregateDto): Bar[] {
  return [...aggregate.buckets]
    .sort((a, b) => rank(a.key) - rank(b.key))
    .map(({ key, count }) => ({ label: key, tick: key, count, color: STATE_COLORS[key] ?? GREY }));
}

/** People by reply, largest first as the server counts them; each reply given its own colour. */
export function replyBars(aggregate: SessionAggregateDto): Bar[] {
  let answers = 0;
  return aggregate.buckets.map(({ key, count }) => ({
    label: key,
    tick: key,
    count,
    color: REPLY_COLORS[key] ?? ANSWER_COLORS[answers++ % ANSWER_COLORS.length]!,
  }));
}

/** Replies by the minute they came, in time order, told in the user's time zone. */
export function replyTimeBars(aggregate: SessionAggregateDto, timeZone: string): Bar[] {
  return aggregate.buckets.map(({ key, from, count }) => {
    const at = from ?? key;
    const time = Number.isNaN(Date.parse(at)) ? at : displayInstant(new Date(at), timeZone);
    return { label: time, tick: time.slice(-5), count, color: BLUE };
  });
}
