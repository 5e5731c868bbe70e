'use strict';
// Jest runs each test file in its own realm but hands it Node's structuredClone, whose copies are
// built from the outer realm's Object, Array, Date, Map and Set. Code that checks for a plain
// object (`Object.getPrototypeOf(value) === Object.prototype`, as the read store does) would then
// refuse what it accepts in production. This structuredClone gives copies the test realm's
// prototypes, as Node's does in a single-realm process.

function sameRealmStructuredClone(outer, inner) {
  const prototypes = new Map(
    ['Object', 'Array', 'Date', 'Map', 'Set', 'RegExp', 'Error'].map((name) => [outer[name].prototype, inner[name].prototype]),
  );
  const adopt = (value, seen) => {
    if (value === null || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    const prototype = prototypes.get(Object.getPrototypeOf(value));
    if (prototype) Object.setPrototypeOf(value, prototype);
    if (value instanceof outer.Map || value instanceof inner.Map) {
      for (const [key, entry] of value) { adopt(key, seen); adopt(entry, seen); }
    } else if (value instanceof outer.Set || value instanceof inner.Set) {
      for (const entry of value) adopt(entry, seen);
    } else {
      for (const key of Object.keys(value)) adopt(value[key], seen);
    }
  };
  return (value, options) => {
    const copy = outer.structuredClone(value, options);
    adopt(copy, new Set());
    return copy;
  };
}

module.exports = { sameRealmStructuredClone };
