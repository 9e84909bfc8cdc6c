export * from './contracts';
export * from './sessions';
export * from './trigger-book';
