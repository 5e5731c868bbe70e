/** Nest injection tokens for the ports and the configuration. */
export const PLATFORM_CONFIG = Symbol('PLATFORM_CONFIG');
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_STORE = Symbol('READ_STORE');
export const BUS = Symbol('BUS');
