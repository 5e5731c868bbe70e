/** The job's shape and topics are the contract between the planner and the workers (libs/contracts). */
export { DISPATCH_LANES, dispatchTopic, dispatchWorkersGroup, type DispatchJob, type DispatchLane } from '@beacon/contracts';
