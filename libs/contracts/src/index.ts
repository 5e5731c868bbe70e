export * from './api/session.dto';
export * from './live/live-update';
export * from './routes/route-table';
