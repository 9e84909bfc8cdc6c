export * from './contracts';
export * from './receipt';
export * from './sessions';
export * from './trigger-book';
