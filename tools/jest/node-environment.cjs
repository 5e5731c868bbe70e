'use strict';
const { TestEnvironment } = require('jest-environment-node');
const { withTestStatus } = require('./test-status.cjs');
const { sameRealmStructuredClone } = require('./same-realm-clone.cjs');

class BeaconNodeEnvironment extends withTestStatus(TestEnvironment) {
  constructor(config, context) {
    super(config, context);
    const realm = this.getVmContext();
    const inner = require('node:vm').runInContext('({ Object, Array, Date, Map, Set, RegExp, Error })', realm);
    this.global.structuredClone = sameRealmStructuredClone(globalThis, inner);
  }
}

module.exports = BeaconNodeEnvironment;
