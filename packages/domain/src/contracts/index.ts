export * from './envelope.ts';
export * from './site-config.ts';
export * from './goods.ts';
export * from './company.ts';
export * from './order.ts';
export * from './event.ts';
export * from './init.ts';
export * from './console.ts';
