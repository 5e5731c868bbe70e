'use strict';
const { TestEnvironment } = require('jest-environment-jsdom');
const { withTestStatus } = require('./test-status.cjs');

// Web APIs the browsers we support have and jsdom lacks: tests get Node's (as the console's tests
// had before), so fetch answers, streams and clones behave as in a browser.
const FROM_NODE = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
  'BroadcastChannel',
  'MessageChannel',
  'MessagePort',
];

class BeaconJsdomEnvironment extends withTestStatus(TestEnvironment) {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (this.global[name] === undefined && globalThis[name] !== undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = BeaconJsdomEnvironment;
