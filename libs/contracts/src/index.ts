export * from './api/session.dto';
export * from './live/live-update';
export * from './routes/route-table';
export * from './routes/gateway-config';
