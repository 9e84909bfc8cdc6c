export * from './content';
export * from './envelope';
export * from './fiat';
export * from './locales';
export * from './realtime';
export * from './timezone';
export * from './upload';
