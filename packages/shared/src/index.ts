export * from './limits.js';
export * from './errors.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/reference.js';
export * from './schemas/contact.js';
export * from './schemas/auth.js';
