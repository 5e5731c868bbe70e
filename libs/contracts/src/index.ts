export * from './api/session.dto';
export * from './api/users.dto';
export * from './api/email-outbox.dto';
export * from './live/live-update';
export * from './routes/route-table';
export * from './routes/gateway-config';
export * from './read-models';
export * from './api/activity-log.dto';
